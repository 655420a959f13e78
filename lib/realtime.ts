import { Duration } from 'aws-cdk-lib';
import {
  AppSyncAuthorizationType,
  AppSyncEventResource,
  type CfnApi,
  type ChannelNamespace,
  EventApi,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type FunctionSettings, functionEnvironment } from '../lambdas/core/adapters/env';
import { notificationsNamespace, realtimeAuthorizer } from '../lambdas/realtime';
import type { EscrowData } from './data';
import { EscrowFunction } from './function';
import type { StageConfig } from './stage-config';

export { notificationsNamespace };

/** What a function needs to announce what it wrote to the table (lambdas/core/entities/table.ts publishes after each commit). */
export interface RealtimePublishing {
  /** `https://<host>/event`: the EVENTS_HTTP_ENDPOINT of the functions that publish. */
  readonly httpEndpoint: string;
  /** Lets `grantee` publish (appsync:EventPublish) to the notifications namespace, and nothing else. */
  grantPublish(grantee: IGrantable): void;
}

/**
 * A function's environment by whether it writes the table: one that writes may write a
 * notification, announced once committed, so it is told where to publish (and is granted it).
 */
export function environmentByWrites(
  settings: FunctionSettings,
  realtime: RealtimePublishing,
): (writes: boolean) => Record<string, string> {
  const reader = functionEnvironment(settings);
  const writer = functionEnvironment({ ...settings, eventsHttpEndpoint: realtime.httpEndpoint });
  return (writes) => (writes ? writer : reader);
}

export interface EscrowRealtimeProps {
  /** Stage settings: the API's name, log retention and removal policy, the sender (the authorizer's environment). */
  readonly stage: StageConfig;
  /** The people who may connect and subscribe: signed in to this pool, with this app client. */
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The table whose profiles say whether a session is still live (lambdas/core/runtime/session.ts). */
  readonly data: EscrowData;
  /** The web app's URL (the authorizer gets the environment every function gets). */
  readonly appUrl: string;
}

/**
 * AppSync Events: the realtime channel of each signed-in person. Browsers connect and subscribe
 * through a Lambda authorizer that runs the API's own live-session check, and only to their own
 * channel of their account's current session epoch (lambdas/core/runtime/realtime-authorizer.ts
 * says why not the user pool authorizer: AppSync takes a Cognito token revoked by a password reset
 * or a closed account until it expires); only IAM may publish, so only the functions granted it
 * (those that write the table) can. Errors are logged to the API's log group, kept as long as the
 * stage keeps logs.
 */
export class EscrowRealtime extends Construct implements RealtimePublishing {
  readonly api: EventApi;
  readonly notifications: ChannelNamespace;
  /** The Lambda authorizer of connections and subscriptions. */
  readonly authorizer: EscrowFunction;
  /** `https://<http host>/event`: where functions publish, and what /config.json gives the web app. */
  readonly httpEndpoint: string;
  /** The HTTP host (posts), without scheme. */
  readonly httpDns: string;
  /** The realtime host (the WebSocket, `wss://<host>/event/realtime`), without scheme. */
  readonly realtimeDns: string;

  constructor(scope: Construct, id: string, props: EscrowRealtimeProps) {
    super(scope, id);
    const { stage, data } = props;
    this.authorizer = new EscrowFunction(this, 'Authorizer', {
      entry: realtimeAuthorizer.entry,
      stage,
      purpose: realtimeAuthorizer.purpose,
      environment: functionEnvironment({
        stage: stage.name,
        tableName: data.table.tableName,
        mailFrom: stage.mailFrom,
        appUrl: props.appUrl,
        userPool: { id: props.userPool.userPoolId, clientId: props.userPoolClient.userPoolClientId },
      }),
      // AppSync waits at most 10 s for an authorizer; a JWKS fetch and one GetItem take far less.
      timeout: Duration.seconds(5),
    });
    // One read, by key, of a profile's session state (USER# partitions only: IAM cannot name the
    // caller's own, which the code reads): no Query, no Scan, no write, no other item kind.
    this.authorizer.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [data.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } },
      }),
    );
    const lambda = AppSyncAuthorizationType.LAMBDA;
    const iam = AppSyncAuthorizationType.IAM;
    this.api = new EventApi(this, 'EventApi', {
      apiName: `escrow-${stage.name}-realtime`,
      authorizationConfig: {
        authProviders: [
          // No cache: an answer reused after a revocation would let the revoked session in.
          {
            authorizationType: lambda,
            lambdaAuthorizerConfig: { handler: this.authorizer, resultsCacheTtl: Duration.seconds(0) },
          },
          { authorizationType: iam },
        ],
        // Browsers: a live session. Functions publish over HTTP, which needs no connection.
        connectionAuthModeTypes: [lambda],
        defaultSubscribeAuthModeTypes: [lambda],
        // Browsers cannot publish: a person's page learns only what the product announces.
        defaultPublishAuthModeTypes: [iam],
      },
    });
    // No handler code: who may subscribe to which channel is the authorizer's to say, given the channel.
    this.notifications = this.api.addChannelNamespace('Notifications', {
      channelNamespaceName: notificationsNamespace,
      authorizationConfig: { subscribeAuthModeTypes: [lambda], publishAuthModeTypes: [iam] },
    });
    this.httpDns = this.api.httpDns;
    this.realtimeDns = this.api.realtimeDns;
    this.httpEndpoint = `https://${this.httpDns}/event`;

    // Logs in a group of our own with the stage's retention, written by a role allowed only that
    // group. (The EventApi's logConfig would add a log-retention Lambda and a role holding the
    // AWS managed AWSAppSyncPushToCloudWatchLogs, logs on every group.) Without logs:CreateLogGroup
    // AppSync cannot create the group before this resource does.
    const logs = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const logsRole = new Role(this, 'LogsRole', {
      assumedBy: new ServicePrincipal('appsync.amazonaws.com'),
      description: `AppSync Events API escrow-${stage.name}-realtime writes its logs to its own log group`,
    });
    logs.grantWrite(logsRole);
    // Errors only (handler errors, refused requests): events carry people's notifications.
    (this.api.node.defaultChild as CfnApi).addPropertyOverride('EventConfig.LogConfig', {
      CloudWatchLogsRoleArn: logsRole.roleArn,
      LogLevel: 'ERROR',
    });
  }

  grantPublish(grantee: IGrantable): void {
    this.notifications.grantPublish(grantee);
  }

  /** The notifications namespace as IAM names it (what `grantPublish` grants on), for a person's policy. */
  get notificationsArn(): string {
    return AppSyncEventResource.ofChannelNamespace(notificationsNamespace).resourceArns(this.api)[0] as string;
  }
}
