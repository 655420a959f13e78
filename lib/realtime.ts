import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AppSyncAuthorizationType,
  AppSyncEventResource,
  type CfnApi,
  type ChannelNamespace,
  Code,
  EventApi,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { type IGrantable, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from './stage-config';

/** The channel namespace of a person's notifications (`/notifications/<sub>`: lambdas/core/adapters/events.ts). */
export const notificationsNamespace = 'notifications';

/** Its handler (APPSYNC_JS): only the person themself may subscribe to their channel. The local stand-in runs the same file. */
export const notificationsHandlerPath = fileURLToPath(new URL('../lambdas/events/notifications.js', import.meta.url));

/** What a function needs to announce what it wrote to the table (lambdas/core/entities/table.ts publishes after each commit). */
export interface RealtimePublishing {
  /** `https://<host>/event`: the EVENTS_HTTP_ENDPOINT of the functions that publish. */
  readonly httpEndpoint: string;
  /** Lets `grantee` publish (appsync:EventPublish) to the notifications namespace, and nothing else. */
  grantPublish(grantee: IGrantable): void;
}

export interface EscrowRealtimeProps {
  /** Stage settings: the API's name, log retention and removal policy. */
  readonly stage: StageConfig;
  /** The people who may connect and subscribe: signed in to this pool. */
  readonly userPool: IUserPool;
}

/**
 * AppSync Events: the realtime channel of each signed-in person. Browsers connect and subscribe
 * with their user pool token, and only to their own channel (the namespace's handler refuses any
 * other); only IAM may publish, so only the functions granted it (those that write the table)
 * can. Errors are logged to the API's log group, kept as long as the stage keeps logs.
 */
export class EscrowRealtime extends Construct implements RealtimePublishing {
  readonly api: EventApi;
  readonly notifications: ChannelNamespace;
  /** `https://<http host>/event`: where functions publish, and what /config.json gives the web app. */
  readonly httpEndpoint: string;
  /** The HTTP host (posts), without scheme. */
  readonly httpDns: string;
  /** The realtime host (the WebSocket, `wss://<host>/event/realtime`), without scheme. */
  readonly realtimeDns: string;

  constructor(scope: Construct, id: string, props: EscrowRealtimeProps) {
    super(scope, id);
    const { stage } = props;
    const userPool = AppSyncAuthorizationType.USER_POOL;
    const iam = AppSyncAuthorizationType.IAM;
    this.api = new EventApi(this, 'EventApi', {
      apiName: `escrow-${stage.name}-realtime`,
      authorizationConfig: {
        authProviders: [{ authorizationType: userPool, cognitoConfig: { userPool: props.userPool } }, { authorizationType: iam }],
        // Browsers: signed in to the pool. Functions publish over HTTP, which needs no connection.
        connectionAuthModeTypes: [userPool],
        defaultSubscribeAuthModeTypes: [userPool],
        // Browsers cannot publish: a person's page learns only what the product announces.
        defaultPublishAuthModeTypes: [iam],
      },
    });
    this.notifications = this.api.addChannelNamespace('Notifications', {
      channelNamespaceName: notificationsNamespace,
      // Inline (not an S3 asset): the template shows the very handler the local stand-in runs.
      code: Code.fromInline(readFileSync(notificationsHandlerPath, 'utf8')),
      authorizationConfig: { subscribeAuthModeTypes: [userPool], publishAuthModeTypes: [iam] },
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
