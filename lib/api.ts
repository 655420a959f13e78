import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiRequestHeaders } from '../lambdas/core/api/http';
import { grantsOf, handlerEntry, type RouteDefinition, routeKeyOf, routes as routeTable } from '../lambdas/routes';
import type { EscrowAuth } from './auth';
import type { EscrowData } from './data';
import type { EscrowEvidence } from './evidence';
import { EscrowFunction } from './function';
import { acknowledge } from './nag';
import { environmentByWrites, type RealtimePublishing } from './realtime';
import type { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';

export interface EscrowApiProps {
  /** Stage settings: throttling, log retention, CORS origins, sender address. */
  readonly stage: StageConfig;
  readonly data: EscrowData;
  readonly auth: EscrowAuth;
  /** Public URL of the web app: allowed CORS origin and APP_URL for links in emails. */
  readonly appUrl: string;
  /** The secrets functions may be granted (route/trigger `permissions.secrets`). */
  readonly secrets: EscrowSecrets;
  /** The escrow state machine's ARN, for the routes that start or answer its executions. */
  readonly stateMachineArn: string;
  /** AppSync Events: the routes that write the table publish what they wrote (lambdas/core/entities/table.ts). */
  readonly realtime: RealtimePublishing;
  /** The evidence bucket, for the routes whose permissions list `evidence` (required when one does). */
  readonly evidence?: EscrowEvidence;
  /**
   * Where the routes marked `stack: 'more'` put their functions, routes and integrations: a nested
   * stack beside this one, so neither nears CloudFormation's 500 resources. @default this construct
   */
  readonly moreRoutesScope?: Construct;
  /** The routes to serve. @default the route table of lambdas/routes.ts */
  readonly routes?: readonly RouteDefinition[];
}

/**
 * The HTTP API: one function and one route per route-table entry. Protected routes sit behind a
 * JWT authorizer on the user pool; each function gets exactly the permissions its entry lists.
 * Every public route has request limits of its own (its entry's `throttle`, in the stage's route
 * settings), the others the stage's default; a route marked `reservedConcurrency` has Lambda
 * concurrency of its own (the stage's `lambdaConcurrency`).
 */
export class EscrowApi extends Construct {
  readonly httpApi: HttpApi;
  /** Base URL without trailing slash; routes are `${url}${path}`. */
  readonly url: string;
  /** Route functions by route name. */
  readonly functions: ReadonlyMap<string, EscrowFunction>;

  constructor(scope: Construct, id: string, props: EscrowApiProps) {
    super(scope, id);
    const { stage, data, auth } = props;
    const routes = props.routes ?? routeTable;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      corsPreflight: {
        allowOrigins: [props.appUrl, ...stage.extraCorsOrigins],
        allowMethods: [...new Set(routes.map((r) => CorsHttpMethod[r.method]))],
        // Every header the web app sends (one list for AWS and the local API).
        allowHeaders: [...apiRequestHeaders],
        maxAge: Duration.hours(1),
      },
      // Own stage below, to give it access logs and throttling.
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const defaultStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // HTTP API variables only (the REST presets reference fields HTTP APIs do not have).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    this.url = this.httpApi.apiEndpoint;

    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${auth.userPool.stack.region}.amazonaws.com/${auth.userPool.userPoolId}`,
      { jwtAudience: [auth.userPoolClient.userPoolClientId] },
    );
    const settings = {
      stage: stage.name,
      tableName: data.table.tableName,
      mailFrom: stage.mailFrom,
      appUrl: props.appUrl,
      apiUrl: this.url,
      userPool: { id: auth.userPool.userPoolId, clientId: auth.userPoolClient.userPoolClientId },
      stateMachineArn: props.stateMachineArn,
    };
    const environmentFor = environmentByWrites(settings, props.realtime);

    const functions = new Map<string, EscrowFunction>();
    for (const route of routes) {
      const permissions = grantsOf(route);
      const writes = permissions.table === 'readWrite';
      const scope = route.stack === 'more' && props.moreRoutesScope ? props.moreRoutesScope : this;
      // The stage's route settings name a throttled route, so it must be made first: in another
      // stack that stage would depend on that stack, which depends on this one's API (a cycle).
      if (route.throttle && scope !== this)
        throw new Error(`Route ${route.name} has limits of its own: it must stay in the API's own stack.`);
      const fn = new EscrowFunction(scope, `${pascalCase(route.name)}Function`, {
        entry: handlerEntry(route),
        stage,
        purpose: `route:${route.name}`,
        data,
        tableAccess: permissions.table ?? 'none',
        tableKeys: permissions.tableKeys,
        environment: environmentFor(writes),
        ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
        ...(route.reservedConcurrency ? { reservedConcurrentExecutions: stage.lambdaConcurrency.perReservedRoute } : {}),
      });
      fn.grantListed(permissions, {
        secrets: props.secrets,
        mailFrom: stage.mailFrom,
        userPoolArn: auth.userPool.userPoolArn,
        stateMachineArn: props.stateMachineArn,
      });
      if (writes) props.realtime.grantPublish(fn);
      if (permissions.evidence) {
        const evidence = props.evidence;
        if (!evidence) throw new Error(`Route ${route.name} lists evidence permissions without an evidence bucket`);
        ({
          upload: () => evidence.grantUpload(fn),
          confirm: () => evidence.grantConfirm(fn),
          read: () => evidence.grantRead(fn),
          retention: () => evidence.grantRetention(fn),
        })[permissions.evidence]();
        for (const [name, value] of Object.entries(evidence.environment)) fn.addEnvironment(name, value);
      }
      const integration = new HttpLambdaIntegration(`${pascalCase(route.name)}Integration`, fn);
      const routeAuthorizer = route.auth === 'protected' ? authorizer : new HttpNoneAuthorizer();
      // A route of the first stack keeps the id addRoutes gives it (a new id would replace it on deploy).
      const [apiRoute] =
        scope === this
          ? this.httpApi.addRoutes({
              path: route.path,
              methods: [HttpMethod[route.method]],
              integration,
              authorizer: routeAuthorizer,
            })
          : [
              new HttpRoute(scope, `${pascalCase(route.name)}Route`, {
                httpApi: this.httpApi,
                routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
                integration,
                authorizer: routeAuthorizer,
              }),
            ];
      if (route.auth === 'public' && apiRoute) {
        acknowledge(apiRoute, {
          APIG4: `Route ${route.method} ${route.path} is public in the route table (lambdas/routes.ts); the handler validates its input and, where the spec asks, a captcha or throttle.`,
        });
      }
      functions.set(route.name, fn);
      // The stage names the route by its key: CloudFormation must have made the route first.
      if (route.throttle && apiRoute) defaultStage.node.addDependency(apiRoute);
    }
    this.functions = functions;
    (defaultStage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      routes.flatMap((route) =>
        route.throttle
          ? [
              [
                routeKeyOf(route),
                { ThrottlingRateLimit: route.throttle.rateLimit, ThrottlingBurstLimit: route.throttle.burstLimit },
              ],
            ]
          : [],
      ),
    );
  }
}

/** `money-sweep` -> `MoneySweep`: construct ids from table names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_])([a-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());
}
