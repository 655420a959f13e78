import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** DescribeExecution's `status` (PENDING_REDRIVE never shows: a local redrive runs at once). */
export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE';

/** One execution as DescribeExecution tells it, plus what the local service needs to resume it. */
export interface ExecutionRecord {
  /** Start order, for newest-first listings and stable pagination. */
  seq: number;
  executionArn: string;
  stateMachineArn: string;
  machineName: string;
  name: string;
  /** JSON text, as given to StartExecution. */
  input: string;
  status: ExecutionStatus;
  /** Epoch milliseconds. */
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  /** The state last entered while running, for the executions page. */
  currentState?: string;
  /** How many times the service has run it from the start (more than 1 after a resume or a redrive). */
  runs: number;
  /** RedriveExecution's count, and when it was last redriven (epoch milliseconds). */
  redriveCount?: number;
  redriveDate?: number;
}

/**
 * A history event in AWS's shape (`id`, `previousEventId`, `type`, one `...EventDetails` object),
 * except `timestamp`, kept in epoch milliseconds.
 */
export interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

interface StoredExecution {
  execution: ExecutionRecord;
  events: HistoryEvent[];
}

/**
 * The execution registry and histories, in memory and, with a directory, written through to one
 * JSON file per execution (temp file + rename, so a crash never leaves a torn file).
 */
export class ExecutionStore {
  private readonly executions = new Map<string, StoredExecution>();
  private lastSeq = 0;

  constructor(private readonly dir?: string) {
    if (!dir || !existsSync(dir)) return;
    for (const machineDir of readdirSync(dir, { withFileTypes: true })) {
      if (!machineDir.isDirectory()) continue;
      for (const file of readdirSync(join(dir, machineDir.name))) {
        if (!file.endsWith('.json')) continue;
        const path = join(dir, machineDir.name, file);
        let stored: StoredExecution;
        try {
          stored = JSON.parse(readFileSync(path, 'utf8')) as StoredExecution;
        } catch (error) {
          throw new Error(`Unreadable execution file ${path}: ${(error as Error).message}`);
        }
        this.executions.set(stored.execution.executionArn, stored);
        this.lastSeq = Math.max(this.lastSeq, stored.execution.seq);
      }
    }
  }

  create(fields: Omit<ExecutionRecord, 'seq'>): ExecutionRecord {
    const execution = { ...fields, seq: ++this.lastSeq };
    this.executions.set(execution.executionArn, { execution, events: [] });
    this.save(execution);
    return execution;
  }

  get(executionArn: string): ExecutionRecord | undefined {
    return this.executions.get(executionArn)?.execution;
  }

  /** Newest first. */
  list(): ExecutionRecord[] {
    return [...this.executions.values()].map((s) => s.execution).sort((a, b) => b.seq - a.seq);
  }

  history(executionArn: string): HistoryEvent[] {
    return this.executions.get(executionArn)?.events ?? [];
  }

  /** Appends the next event (ids count from 1, each pointing at the one before) and persists. */
  append(execution: ExecutionRecord, type: string, details?: Record<string, unknown>, timestamp = Date.now()): HistoryEvent {
    const stored = this.executions.get(execution.executionArn);
    if (!stored) throw new Error(`Unknown execution ${execution.executionArn}`);
    const id = stored.events.length + 1;
    const event: HistoryEvent = { id, previousEventId: id - 1, timestamp, type, ...details };
    stored.events.push(event);
    this.save(execution);
    return event;
  }

  /** Persists the execution (after its record changed) with its history. */
  save(execution: ExecutionRecord): void {
    const stored = this.executions.get(execution.executionArn);
    if (!this.dir || !stored) return;
    const machineDir = join(this.dir, encodeURIComponent(execution.machineName));
    mkdirSync(machineDir, { recursive: true });
    const file = join(machineDir, `${encodeURIComponent(execution.name)}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(stored));
    renameSync(`${file}.tmp`, file);
  }
}
