import { DescribeExecutionCommand, GetExecutionHistoryCommand, SFNClient } from '@aws-sdk/client-sfn';
import { type LocalCloud, localStage } from '../../lib/local/index';

/** The local cloud's escrow executions as the tests read them: by name (a contract's id, or a continuation's). */
export function executionsOf(cloud: Pick<LocalCloud, 'stepFunctionsEndpoint' | 'stateMachineArn' | 'credentials'>) {
  const sfn = new SFNClient({ endpoint: cloud.stepFunctionsEndpoint, region: localStage.region, credentials: cloud.credentials });
  const arnOf = (name: string) => `${cloud.stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
  return {
    /** The execution, or undefined when there is none of that name. */
    describe: (name: string) => sfn.send(new DescribeExecutionCommand({ executionArn: arnOf(name) })).catch(() => undefined),
    /** Its history's events, oldest first. */
    events: async (name: string) =>
      (await sfn.send(new GetExecutionHistoryCommand({ executionArn: arnOf(name), maxResults: 1000 }))).events ?? [],
    /** The states it entered, in order. */
    states: async (name: string) => {
      const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: arnOf(name), maxResults: 1000 }));
      return events.flatMap((e) => (e.stateEnteredEventDetails?.name ? [e.stateEnteredEventDetails.name] : []));
    },
  };
}
