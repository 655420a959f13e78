import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '../lambdas/core/entities/table-definition';
import type { StageConfig } from './stage-config';

/** What a function may do with the table; the route table's `permissions.table`. */
export type TableAccess = 'none' | 'read' | 'readWrite';

/**
 * Item reads, including what TransactGetItems and condition checks need. No Scan: single-table
 * access goes by key and index, and a Scan in a handler is a defect we want IAM to refuse.
 */
const readActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
/** Item writes; TransactWriteItems is authorised through these per item. */
const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export interface EscrowDataProps {
  /** Stage settings: removal policy and deletion protection. */
  readonly stage: StageConfig;
}

/** The product's one DynamoDB table, built from the same definition the local cloud uses. */
export class EscrowData extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: EscrowDataProps) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // On demand, like the local table: traffic is spiky and small.
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.stage.deletionProtection,
      removalPolicy: props.stage.removalPolicy,
    });
  }

  /**
   * Grants `access` to the table and its indexes, naming each index ARN instead of `index/*`
   * so the policy has no wildcard; with `leadingKeys`, only to items whose partition key (an
   * index's, for its queries) matches one of them. 'none' grants nothing.
   */
  grant(grantee: IGrantable, access: TableAccess, leadingKeys?: readonly string[]): void {
    if (access === 'none') return;
    const indexArns = tableDefinition.globalSecondaryIndexes.map((i) => `${this.table.tableArn}/index/${i.indexName}`);
    const conditions = leadingKeys?.length
      ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } }
      : undefined;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: readActions, resources: [this.table.tableArn, ...indexArns], conditions }),
    );
    if (access === 'readWrite') {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: writeActions, resources: [this.table.tableArn], conditions }),
      );
    }
  }
}
