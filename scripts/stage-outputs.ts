import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { stackNameOf } from '../lib/escrow-stage';
import { stageLocation } from '../lib/stage-config';

/**
 * A deployed stage's region and its stack's outputs (TableName, StateMachineArn, ...), read with
 * the caller's AWS credentials: how the finance and ops scripts find a stage's table and workflow.
 */
export async function stageOutputs(stage: string): Promise<{ region: string; output: (key: string) => string }> {
  const { region } = stageLocation(stage);
  const { Stacks } = await new CloudFormationClient({ region }).send(
    new DescribeStacksCommand({ StackName: stackNameOf({ name: stage }) }),
  );
  return { region, output: (key) => Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue ?? '' };
}
