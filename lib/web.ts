import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../lambdas/core/api/web-config';
import { appShellFile, staticPageFile, staticPages } from '../web/src/config/paths';
import { contentSecurityPolicy } from './content-security-policy';
import { acknowledge, acknowledgeMatchingFindings, wildcardResourceFinding } from './nag';
import { robotsTxt, sitemapXml } from './site-files';
import { type StageConfig, StageSettingsError } from './stage-config';

/** The vite build output; `npm run build` (web) creates it. `-c webDist=<folder>` points elsewhere. */
export const webDistPath = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * CloudFront Function that picks the page's file: a pre-rendered page (/, /pricing, /pricing/) gets
 * its own (index.html, pricing.html: web/src/config/paths.ts); any other path without a file
 * extension (/dashboard, /contracts/01H...) is a client-side route and gets the app shell; a path
 * with one (/config.json, /assets/index-3f2a.js) is a file, so a missing one is an error, never
 * HTML with 200.
 */
export const spaFallbackCode = `var pages = ${JSON.stringify(Object.fromEntries(staticPages.map((path) => [path, `/${staticPageFile(path)}`])))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (pages[path]) request.uri = pages[path];
  else if (uri.split('/').pop().indexOf('.') === -1) request.uri = '/${appShellFile}';
  return request;
}`;

/**
 * The hosts of what the config names by URL that the Content-Security-Policy needs by name, and
 * cannot read from the config: in AWS its URLs are CloudFormation tokens.
 */
export interface PublishedHosts {
  /** AppSync Events: its HTTP host (posts) and its realtime host (the WebSocket), without scheme. */
  readonly events: { readonly httpDns: string; readonly realtimeDns: string };
}

export interface EscrowWebProps {
  /** Stage settings: removal policy, log expiry, optional WAF web ACL. */
  readonly stage: StageConfig;
}

/**
 * Hosting of the SPA: a private bucket behind CloudFront (origin access control), SPA fallback,
 * security headers, access logs. Created before the API so its URL can be the API's CORS origin
 * and the APP_URL of emails; {@link EscrowWeb.deploy} publishes the files once the API exists.
 */
export class EscrowWeb extends Construct {
  readonly bucket: Bucket;
  /** Where the stage's buckets and the distribution log every request (the evidence bucket under `evidence/`). */
  readonly accessLogs: Bucket;
  readonly distribution: Distribution;
  /** `https://<custom domain>` when the stage has one, else `https://<distribution domain>`. */
  readonly url: string;
  private readonly stage: StageConfig;
  /** What {@link EscrowWeb.deploy} publishes as /config.json, and the hosts it names; the CSP is derived from them. */
  private published?: { config: WebConfig; hosts: PublishedHosts };

  constructor(scope: Construct, id: string, props: EscrowWebProps) {
    super(scope, id);
    const { stage } = props;
    this.stage = stage;
    const destroy = stage.removalPolicy === RemovalPolicy.DESTROY;

    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(stage.accessLogExpirationDays) }],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: destroy,
    });
    acknowledge(logs, {
      S1: 'This bucket is the access-log destination of the site and evidence buckets and the distribution; logging it would need yet another bucket.',
    });
    this.accessLogs = logs;

    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: stage.removalPolicy,
      // Only build output lives here: every deploy rewrites it.
      autoDeleteObjects: destroy,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
        // Known once deploy() is given the config.json the app will read.
        contentSecurityPolicy: {
          contentSecurityPolicy: Lazy.string({ produce: () => this.contentSecurityPolicy() }),
          override: true,
        },
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const spaFallback = new EdgeFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pre-rendered pages get their own HTML file; other client-side routes get the app shell',
    });
    const domain = stage.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: securityHeaders,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Read at every start of the app: a deploy must be visible at once, whatever the caches.
        '/config.json': {
          origin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          responseHeadersPolicy: securityHeaders,
          cachePolicy: CachePolicy.CACHING_DISABLED,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: stage.webAclArn,
    });
    acknowledge(this.distribution, {
      CFR1: 'No geo restriction: the product has no country requirement and buyers may pay from abroad.',
      ...(domain
        ? {}
        : {
            CFR4: `Stage "${stage.name}" has no custom domain (-c domainName, -c certificateArn): the default *.cloudfront.net certificate is used, and CloudFront does not allow choosing its minimum TLS version for it.`,
          }),
      ...(stage.webAclArn
        ? {}
        : {
            CFR2: `Stage "${stage.name}" has no webAclArn: a CLOUDFRONT web ACL must live in us-east-1, outside this stack; set it in lib/stage-config.ts or with -c webAclArn=<arn>. The API has its own throttling.`,
          }),
    });
    this.url = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;
  }

  /**
   * The policy of every response (index.html, assets, /config.json), from the published config.
   * Only a stage with a custom domain can name its API and its Event API exactly: without one,
   * the distribution's domain is the API's CORS origin and every function's APP_URL (the user
   * pool's triggers' too, and the Event API authorizes with that pool), so a header naming either
   * would make the distribution depend on itself (CloudFormation refuses the cycle). The policy
   * then allows the API Gateway and AppSync Events hosts of the stage's region.
   */
  private contentSecurityPolicy(): string {
    if (!this.published)
      throw new Error(
        'EscrowWeb.deploy() was not called: the Content-Security-Policy is derived from the config.json it publishes.',
      );
    const { config, hosts } = this.published;
    const exact = this.stage.customDomain !== undefined;
    const apiSource = exact ? config.apiUrl : `https://*.execute-api.${config.region}.amazonaws.com`;
    const eventsSources = exact
      ? [`https://${hosts.events.httpDns}`, `wss://${hosts.events.realtimeDns}`]
      : [`https://*.appsync-api.${config.region}.amazonaws.com`, `wss://*.appsync-realtime-api.${config.region}.amazonaws.com`];
    return contentSecurityPolicy(config, { apiSource, eventsSources });
  }

  /**
   * Publishes the built web app and /config.json (the shape the web app parses:
   * lambdas/core/api/web-config.ts), robots.txt and the sitemap (they name the site's address), then
   * invalidates the distribution. Hashed assets first, cached for a year as immutable; then the
   * HTML pages and the rest, never cached, so a page never names a chunk that is not there yet. Nothing is pruned: a tab still running the previous release can
   * load its chunks. A stage without a web build is refused: it would publish an empty site.
   * `hosts` name for the Content-Security-Policy what the config names by (token) URL.
   */
  deploy(config: WebConfig, hosts: PublishedHosts): BucketDeployment {
    this.published = { config, hosts };
    const dist = (this.node.tryGetContext('webDist') as string | undefined) ?? webDistPath;
    if (!existsSync(`${dist}/${appShellFile}`)) {
      throw new StageSettingsError(
        `No web build at ${dist}: run \`npm run build\` first (\`npm run deploy\` does), or the stage would publish an empty site.`,
      );
    }
    const assets = new BucketDeployment(this, 'DeployAssets', {
      // Only the hashed files: those under assets/.
      sources: [Source.asset(dist, { exclude: ['*', '!assets', '!assets/**'] })],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    const entry = new BucketDeployment(this, 'Deploy', {
      sources: [
        // Everything else the build wrote: the pages and the files of web/public (the icon).
        Source.asset(dist, { exclude: ['assets', 'assets/**', 'config.json'] }),
        Source.jsonData('config.json', config),
        Source.data('robots.txt', robotsTxt(this.url)),
        Source.data('sitemap.xml', sitemapXml(this.url)),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    entry.node.addDependency(assets);
    acknowledgeBucketDeploymentHandler(this, this.bucket);
    return entry;
  }
}

/**
 * BucketDeployment runs a CDK-provided singleton Lambda that lives at the stack root, outside
 * this construct; its findings are acknowledged on that singleton only.
 */
function acknowledgeBucketDeploymentHandler(scope: Construct, site: Bucket): void {
  const handlers = Stack.of(scope).node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const managed = 'CDK-managed BucketDeployment handler';
  for (const handler of handlers) {
    acknowledgeMatchingFindings(handler, [
      {
        finding:
          /^AwsSolutions-IAM4\[Policy::arn:(aws[a-z-]*|<AWS::Partition>):iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
        reason: `${managed}: aws-cdk-lib gives its role AWSLambdaBasicExecutionRole (CloudWatch Logs only).`,
      },
      {
        finding: /^AwsSolutions-IAM5\[Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*\]$/,
        reason: `${managed}: the S3 read/write action groups aws-cdk-lib grants to copy and prune the site files.`,
      },
      {
        finding: wildcardResourceFinding(handler, site.arnForObjects('*')),
        reason: `${managed}: writes and prunes the objects of the site bucket (its destination).`,
      },
      {
        // The asset bucket name embeds the bootstrap qualifier, account and region.
        finding: /^AwsSolutions-IAM5\[Resource::arn:(aws[a-z-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^\]/]+\/\*\]$/,
        reason: `${managed}: reads the uploaded web assets from the CDK bootstrap asset bucket (its source).`,
      },
      {
        finding: 'AwsSolutions-L1',
        reason: `${managed}: its runtime is chosen by aws-cdk-lib and moves with library upgrades.`,
      },
      {
        finding: 'AwsSolutions-IAM5[Resource::*]',
        reason: `${managed}: aws-cdk-lib grants cloudfront:CreateInvalidation/GetInvalidation on * to invalidate the distribution after a deploy.`,
      },
    ]);
  }
}
