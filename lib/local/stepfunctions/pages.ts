import type { ExecutionRecord, ExecutionStore, HistoryEvent } from './store';

/** The executions page: every execution, newest first, each linking to its history. */
export function executionsPage(store: ExecutionStore): string {
  const rows = store
    .list()
    .map(
      (e) => `<tr>
  <td>${escapeHtml(e.machineName)}</td>
  <td><a href="/executions/${escapeHtml(encodeURIComponent(e.name))}">${escapeHtml(e.name)}</a></td>
  <td class="status ${escapeHtml(e.status)}">${escapeHtml(e.status)}</td>
  <td>${time(e.startDate)}</td>
  <td>${e.stopDate === undefined ? '' : time(e.stopDate)}</td>
  <td>${escapeHtml(e.currentState ?? '')}</td>
</tr>`,
    )
    .join('\n');
  return layout(
    'Executions',
    `<h1>Executions</h1>
<table>
<thead><tr><th>State machine</th><th>Execution</th><th>Status</th><th>Started</th><th>Stopped</th><th>Current state</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No executions yet.</td></tr>'}
</tbody>
</table>`,
  );
}

/** One execution's summary and history (every execution of that name, if several machines share it). */
export function executionPage(store: ExecutionStore, name: string): string | undefined {
  const executions = store.list().filter((e) => e.name === name);
  if (executions.length === 0) return undefined;
  return layout(
    `Execution ${name}`,
    `<p><a href="/">All executions</a></p>\n${executions.map((e) => executionSection(e, store.history(e.executionArn))).join('\n')}`,
  );
}

function executionSection(execution: ExecutionRecord, events: HistoryEvent[]): string {
  const text = (value: string | undefined) => (value === undefined ? undefined : escapeHtml(value));
  // Label -> cell HTML; absent facts are left out.
  const facts: Array<[string, string | undefined]> = [
    ['State machine', text(execution.machineName)],
    ['Status', `<span class="${escapeHtml(execution.status)}">${escapeHtml(execution.status)}</span>`],
    ['Current state', text(execution.currentState)],
    ['Started', time(execution.startDate)],
    ['Stopped', execution.stopDate === undefined ? undefined : time(execution.stopDate)],
    ['Error', text(execution.error)],
    ['Cause', text(execution.cause)],
    ['ARN', text(execution.executionArn)],
    // A restart re-runs open executions from the start, so their history shows the states again.
    ['Runs', execution.runs > 1 ? `${execution.runs} (re-run from the start after a restart)` : undefined],
  ];
  const summary = facts
    .filter(([, html]) => html !== undefined)
    .map(([label, html]) => `<tr><th>${label}</th><td>${html}</td></tr>`)
    .join('\n');
  let state = '';
  const rows = events
    .map((event) => {
      const details = detailsOf(event);
      if (typeof details.name === 'string' && event.type.endsWith('StateEntered')) state = details.name;
      const row = `<tr>
  <td>${event.id}</td>
  <td>${time(event.timestamp)}</td>
  <td>${escapeHtml(event.type)}</td>
  <td>${escapeHtml(typeof details.name === 'string' ? details.name : event.type.startsWith('Execution') ? '' : state)}</td>
  <td>${dataOf(details)}</td>
</tr>`;
      return row;
    })
    .join('\n');
  return `<section>
<h1>${escapeHtml(execution.name)}</h1>
<table class="summary">${summary}</table>
<h2>Input</h2>
${json(execution.input)}
${execution.output === undefined ? '' : `<h2>Output</h2>\n${json(execution.output)}`}
<h2>History</h2>
<table>
<thead><tr><th>ID</th><th>Time</th><th>Event</th><th>State</th><th>Input / output</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function detailsOf(event: HistoryEvent): Record<string, unknown> {
  const entry = Object.entries(event).find(([key]) => key.endsWith('EventDetails'));
  return (entry?.[1] as Record<string, unknown> | undefined) ?? {};
}

/** The parts of an event's details finance reads: data in, data out, errors. */
function dataOf(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['input', 'parameters', 'output', 'error', 'cause']) {
    const value = details[key];
    if (typeof value !== 'string') continue;
    parts.push(`<div><b>${key}</b> ${key === 'error' || key === 'cause' ? escapeHtml(value) : json(value)}</div>`);
  }
  return parts.join('');
}

function json(text: string): string {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it is
  }
  return `<pre>${escapeHtml(pretty)}</pre>`;
}

function time(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `<time datetime="${iso}">${iso.replace('T', ' ').replace('Z', ' UTC')}</time>`;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} · local Step Functions</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5rem; }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; vertical-align: top; }
pre { margin: 0; font-size: .85rem; white-space: pre-wrap; max-width: 60rem; }
.RUNNING { color: #0b5cad; } .SUCCEEDED { color: #1a7f37; } .FAILED, .TIMED_OUT { color: #c62828; } .ABORTED { color: #8a6d00; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
