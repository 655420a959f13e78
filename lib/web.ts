import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../lambdas/core/api/web-config';
import { acknowledge, acknowledgeMatchingFindings, wildcardResourceFinding } from './nag';
import type { StageConfig } from './stage-config';

/** The vite build output; `npm run build` (web) creates it. */
export const webDistPath = fileURLToPath(new URL('../web/dist', import.meta.url));

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
  readonly distribution: Distribution;
  /** `https://<distribution domain>`; no custom domain yet. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: EscrowWebProps) {
    super(scope, id);
    const { stage } = props;
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
      S1: 'This bucket is the access-log destination of the site bucket and the distribution; logging it would need yet another bucket.',
    });

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
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: securityHeaders,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
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
      // Client-side routes (/dashboard, ...) are not objects: S3 answers 403 through OAC, 404 otherwise.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: stage.webAclArn,
    });
    acknowledge(this.distribution, {
      CFR1: 'No geo restriction: the product has no country requirement and buyers may pay from abroad.',
      CFR4: 'No custom domain yet: the default *.cloudfront.net certificate is used, and CloudFront does not allow choosing its minimum TLS version.',
      ...(stage.webAclArn
        ? {}
        : {
            CFR2: `Stage "${stage.name}" has no webAclArn: a CLOUDFRONT web ACL must live in us-east-1, outside this stack; set it in lib/stage-config.ts or with -c webAclArn=<arn>. The API has its own throttling.`,
          }),
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Publishes web/dist and /config.json (the shape the web app parses: lambdas/core/api/web-config.ts), then invalidates the distribution. web/dist is only
   * included when it exists at synth time: infra tests and `cdk synth` must work without a web
   * build, and an asset of a missing folder would fail the synth. config.json is always published.
   */
  deploy(config: WebConfig): BucketDeployment {
    const sources = [Source.jsonData('config.json', config)];
    if (existsSync(webDistPath)) sources.unshift(Source.asset(webDistPath));
    const deployment = new BucketDeployment(this, 'Deploy', {
      sources,
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    acknowledgeBucketDeploymentHandler(this, this.bucket);
    return deployment;
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
