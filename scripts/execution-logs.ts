/**
 * Executions older than the 90 days Step Functions keeps them: their history is still in the
 * stage's executions log group (level ALL, with execution data; lib/workflow.ts), one JSON event
 * per history event. `npm run executions -- <contractId> --stage <s>` reads it from there when
 * DescribeExecution no longer knows the execution, and prints it as it prints a live history.
 */
import { CloudWatchLogsClient, paginateFilterLogEvents } from '@aws-sdk/client-cloudwatch-logs';
import type { ExecutionStatus, HistoryEvent } from '@aws-sdk/client-sfn';

/** One logged history event as Step Functions writes it to CloudWatch Logs. */
interface LoggedEvent {
  id?: string;
  type?: string;
  details?: { name?: string; output?: string; error?: string; cause?: string };
  event_timestamp?: string;
  execution_arn?: string;
}

/** The lines of the log that are JSON objects (the logged events); any other line (a runtime's own) is skipped. */
function* loggedEvents(messages: readonly string[]): Generator<LoggedEvent> {
  for (const message of messages) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      continue;
    }
    if (parsed !== null && typeof parsed === 'object') yield parsed as LoggedEvent;
  }
}

/**
 * The logged events of one execution as the history events the report reads (the state entered,
 * what each task answered or why it failed, a failed execution), oldest first. A line that is not
 * one of its events is skipped.
 */
export function historyFromLogEvents(messages: readonly string[], executionArn: string): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  for (const logged of loggedEvents(messages)) {
    if (logged.execution_arn !== executionArn || !logged.type) continue;
    const details = logged.details ?? {};
    const event: HistoryEvent = {
      id: Number(logged.id ?? events.length + 1),
      type: logged.type as HistoryEvent['type'],
      timestamp: new Date(Number(logged.event_timestamp ?? 0)),
    };
    if (logged.type.endsWith('StateEntered')) event.stateEnteredEventDetails = { name: details.name ?? '' };
    if (logged.type === 'TaskSucceeded')
      event.taskSucceededEventDetails = { resource: '', resourceType: '', output: details.output };
    if (logged.type === 'TaskFailed')
      event.taskFailedEventDetails = { resource: '', resourceType: '', error: details.error, cause: details.cause };
    if (logged.type === 'ExecutionFailed') event.executionFailedEventDetails = { error: details.error, cause: details.cause };
    events.push(event);
  }
  return events.sort((a, b) => (a.timestamp?.getTime() ?? 0) - (b.timestamp?.getTime() ?? 0) || (a.id ?? 0) - (b.id ?? 0));
}

/** Every logged event of `executionArn` in the log group, as history events (empty when the group has none). */
export async function historyFromLogs(region: string, logGroupName: string, executionArn: string): Promise<HistoryEvent[]> {
  const logs = new CloudWatchLogsClient({ region });
  const messages: string[] = [];
  // The metric filter syntax matches the JSON field exactly; quotes in an ARN cannot occur.
  const filterPattern = `{ $.execution_arn = "${executionArn}" }`;
  for await (const page of paginateFilterLogEvents({ client: logs }, { logGroupName, filterPattern }))
    for (const event of page.events ?? []) if (event.message) messages.push(event.message);
  return historyFromLogEvents(messages, executionArn);
}

/** How an execution that ended badly says so in its log, and the status ListExecutions gave it. */
const badEnds: Record<string, ExecutionStatus> = {
  ExecutionFailed: 'FAILED',
  ExecutionTimedOut: 'TIMED_OUT',
  ExecutionAborted: 'ABORTED',
};

/** An execution that failed, timed out or was aborted, as its end event was logged. */
export interface LoggedBadEnd {
  name: string;
  status: ExecutionStatus;
  stopDate: Date;
}

/** The executions whose end event among `messages` says they failed, timed out or were aborted (one each, by ARN). */
export function badEndsFromLogEvents(messages: readonly string[]): LoggedBadEnd[] {
  const ended = new Map<string, LoggedBadEnd>();
  for (const logged of loggedEvents(messages)) {
    const status = badEnds[logged.type ?? ''];
    const name = logged.execution_arn?.split(':').pop();
    if (!status || !name || !logged.execution_arn) continue;
    ended.set(logged.execution_arn, { name, status, stopDate: new Date(Number(logged.event_timestamp ?? 0)) });
  }
  return [...ended.values()];
}

/**
 * The executions that ended badly in [since, until), from the log group: what finance's date-range
 * listing still finds once Step Functions no longer lists them (90 days after they end).
 */
export async function badEndsFromLogs(region: string, logGroupName: string, since: Date, until: Date): Promise<LoggedBadEnd[]> {
  const logs = new CloudWatchLogsClient({ region });
  const messages: string[] = [];
  const filterPattern = `{ ${Object.keys(badEnds)
    .map((type) => `$.type = "${type}"`)
    .join(' || ')} }`;
  const query = { logGroupName, filterPattern, startTime: since.getTime(), endTime: until.getTime() - 1 };
  for await (const page of paginateFilterLogEvents({ client: logs }, query))
    for (const event of page.events ?? []) if (event.message) messages.push(event.message);
  return badEndsFromLogEvents(messages);
}
