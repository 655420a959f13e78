import { Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { endedContractTag, evidenceKeys, evidenceRetentionDays } from '../lambdas/core/domain/evidence-keys';
import { wildcardResourceFinding } from './nag';
import type { StageConfig } from './stage-config';

export interface EscrowEvidenceProps {
  readonly stage: StageConfig;
  /** The web app's origin: the only one whose pages may POST files to the bucket (CORS). */
  readonly appUrl: string;
  /** Where every request to the bucket is logged (the stage's access-log bucket): who read which evidence, and when. */
  readonly accessLogs: IBucket;
}

/**
 * The private bucket of the files people attach to a delivery or a dispute (issue 38). A browser
 * uploads straight to `uploads/<contract>/<file>` with a presigned POST that fixes the key, the type
 * and the size; the confirming function checks the bytes and copies a good file to
 * `evidence/<contract>/<file>`, where it is read only through short-lived presigned GETs. Each
 * function is granted exactly its keys' actions: a presigned request carries the signer's rights.
 */
export class EscrowEvidence extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: EscrowEvidenceProps) {
    super(scope, id);
    const destroy = props.stage.removalPolicy === RemovalPolicy.DESTROY;
    this.bucket = new Bucket(this, 'Files', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'evidence/',
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [props.appUrl],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        // An upload nobody confirmed within a day is abandoned (the confirmed copy lives under evidence/).
        { prefix: evidenceKeys.uploadPrefix, expiration: Duration.days(1) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // A contract's files go a year after it ended: its last step rewrites each (so its age starts
        // then) and tags it (services/evidence-retention.ts); a file of a contract still open is never tagged.
        {
          prefix: evidenceKeys.evidencePrefix,
          tagFilters: { [endedContractTag.key]: endedContractTag.value },
          expiration: Duration.days(evidenceRetentionDays),
        },
      ],
      removalPolicy: props.stage.removalPolicy,
      autoDeleteObjects: destroy,
    });
  }

  /** The environment a function using the bucket reads it from (adapters/env.ts `evidenceBucket`). */
  get environment(): Record<string, string> {
    return { EVIDENCE_BUCKET: this.bucket.bucketName };
  }

  /** Signing presigned POSTs to `uploads/` (what the POST is allowed is this role's s3:PutObject). */
  grantUpload(grantee: IGrantable): void {
    this.allow(grantee, ['s3:PutObject'], evidenceKeys.uploadPrefix);
  }

  /** Reading an upload, deleting it, and copying a good one to `evidence/`. */
  grantConfirm(grantee: IGrantable): void {
    this.allow(grantee, ['s3:GetObject', 's3:DeleteObject'], evidenceKeys.uploadPrefix);
    this.allow(grantee, ['s3:PutObject'], evidenceKeys.evidencePrefix);
  }

  /** Signing presigned GETs of confirmed files. */
  grantRead(grantee: IGrantable): void {
    this.allow(grantee, ['s3:GetObject'], evidenceKeys.evidencePrefix);
  }

  /** Starting a confirmed file's year of retention when its contract ended: rewriting it in place, and tagging it. */
  grantRetention(grantee: IGrantable): void {
    this.allow(grantee, ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging'], evidenceKeys.evidencePrefix);
  }

  private allow(grantee: IGrantable, actions: string[], prefix: string): void {
    const resource = this.bucket.arnForObjects(`${prefix}*`);
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [resource] }));
    const principal = grantee.grantPrincipal;
    if (!Construct.isConstruct(principal)) return;
    // The wildcard is the key prefix itself (one file per contract and id under it): cdk-nag's
    // IAM5 finding is accepted for exactly this resource. A grantee in another stack (the routes'
    // nested stack) sees the bucket's ARN as the parameter CDK makes for it, which CDK names
    // `referenceto<the bucket's unique id>Arn`: the finding names that parameter.
    const finding =
      Stack.of(principal) === Stack.of(this)
        ? wildcardResourceFinding(principal, resource)
        : `AwsSolutions-IAM5[Resource::<referenceto${Names.nodeUniqueId((this.bucket.node.defaultChild as Construct).node)}Arn>/${prefix}*]`;
    Validations.of(principal).acknowledge({
      id: finding,
      reason: `Objects under ${prefix} of the evidence bucket only: each file's key is made per upload (contract and file id).`,
    });
  }
}
