/**
 * The sandbox's log of the v3 calls made with the merchant's secret key: what a real account's rate
 * limit would count. Tests read it (`GET /__calls`) to see how often the product asked the provider
 * for something, e.g. how many verify calls sixty status polls of one payment cost.
 */

/** One authenticated v3 call, as the sandbox received it. */
export interface SandboxApiCall {
  at: string;
  method: string;
  /** The path without its query, e.g. `/v3/transactions/verify_by_reference`. */
  path: string;
  /** `POST /v3/charges`: its `?type=` (bank_transfer, opay). */
  type?: string;
  /** The payment reference the call is about: its `?tx_ref=`, or the `tx_ref` of a charge's body. */
  txRef?: string;
  /** What the sandbox answered. */
  status?: number;
}

/** Only the newest calls are kept, so a sandbox left running under `npm start` does not grow without end. */
const keptCalls = 10_000;

export class SandboxCallLog {
  private readonly calls: SandboxApiCall[] = [];

  /** Starts the record of a call; the handler fills in what it learns (a charge's reference, the status). */
  record(method: string, url: URL): SandboxApiCall {
    const txRef = url.searchParams.get('tx_ref') ?? undefined;
    const type = url.pathname === '/v3/charges' ? (url.searchParams.get('type') ?? undefined) : undefined;
    const call: SandboxApiCall = { at: new Date().toISOString(), method, path: url.pathname, type, txRef };
    this.calls.push(call);
    if (this.calls.length > keptCalls) this.calls.splice(0, this.calls.length - keptCalls);
    return call;
  }

  /** Every call kept, oldest first (copies). */
  list(): SandboxApiCall[] {
    return this.calls.map((call) => ({ ...call }));
  }
}
