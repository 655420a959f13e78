import * as z from '../../domain/zod';
import { optionalEnv } from '../env';
import { type HttpAnswer, httpSend } from '../http-transport';
import { getSecret } from '../secrets';

/**
 * Flutterwave v3, the payment provider: the only code that talks to it. In AWS it calls the real
 * API; locally FLUTTERWAVE_BASE_URL points it at lib/local/flutterwave, which speaks the same
 * protocol. The provider speaks major-unit decimals (1500.5); everything on this side of the
 * module is integer minor units (kobo).
 */

const defaultBaseUrl = 'https://api.flutterwave.com/v3';
/** How long one call may take, its answer included. Mutable only for tests, which shorten it. */
export const providerRequest = { timeoutMs: 10_000 };

/**
 * The provider could not be reached or failed on its side (5xx, 429, timeout, network): the same
 * call may succeed later. Internal, never shown to a person as such.
 */
export class ProviderUnavailableError extends Error {
  readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (4xx) with `message`: repeating it unchanged will not help. */
export class ProviderRejectedError extends Error {
  readonly retryable = false;
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}

/**
 * The provider's words for a wallet that cannot cover a transfer or a refund: a FAILED transfer's
 * `complete_message` ("DISBURSE FAILED: Insufficient funds in customer wallet"), or a refusal.
 */
export const saysInsufficientFunds = (message: string) => /insufficient (funds|balance)/i.test(message);

/**
 * The provider refused a transfer or a refund because the merchant wallet cannot cover it: nothing
 * was made, and asking again will not help until the wallet is topped up. Ops are told.
 */
export class InsufficientBalanceError extends ProviderRejectedError {
  constructor(message: string, statusCode: number) {
    super(message, statusCode);
    this.name = 'InsufficientBalanceError';
  }
}

/** A refusal read for what it says: an InsufficientBalanceError when the wallet could not cover it, else as it came. */
export function readRefusal(error: unknown): unknown {
  return error instanceof ProviderRejectedError &&
    !(error instanceof InsufficientBalanceError) &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    saysInsufficientFunds(error.message)
    ? new InsufficientBalanceError(error.message, error.statusCode)
    : error;
}

/** An amount as the provider writes it: a number (1500.5) or a decimal string ("1500.50"). */
export const providerAmountSchema = z.union([z.number(), z.string()]);

type Method = 'GET' | 'POST';

const errorBodySchema = z.object({ message: z.optional(z.string()) });

function baseUrl(): string {
  return (optionalEnv('flutterwaveBaseUrl') ?? defaultBaseUrl).replace(/\/+$/, '');
}

/** A 2xx whose body is not what v3 documents: a contract break, not a transient failure. */
export function unexpectedResponse(route: string, detail: string): Error {
  return new Error(`Unexpected Flutterwave response to ${route}: ${detail}`);
}

/**
 * One call; answers the parsed body of a 2xx. `route` names the call in errors without the
 * values in its path. The secret key never leaves this function except in the header.
 */
export async function call<T>(
  method: Method,
  path: string,
  route: string,
  schema: z.core.$ZodType<T>,
  body?: object,
): Promise<T> {
  const secretKey = await getSecret('flutterwaveSecretKey');
  let response: HttpAnswer;
  try {
    // The timeout covers the body too, so a provider that stalls mid-answer is also "unavailable".
    response = await httpSend(new URL(`${baseUrl()}${path}`), {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs: providerRequest.timeoutMs,
    });
  } catch (error) {
    throw new ProviderUnavailableError(`Flutterwave ${route} did not answer: ${describe(error)}`, { cause: error });
  }
  const payload = parseJson(response.text);
  // Rate limiting is the provider asking us to come back later, not a refusal of the request.
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnavailableError(`Flutterwave ${route} answered ${response.status}`);
  }
  if (response.status >= 400) {
    const message = errorBodySchema.safeParse(payload).data?.message ?? `HTTP ${response.status}`;
    throw new ProviderRejectedError(message, response.status);
  }
  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) throw unexpectedResponse(route, z.prettifyError(parsed.error));
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error)
    return error.name === 'TimeoutError' ? `timed out after ${providerRequest.timeoutMs} ms` : error.message;
  return String(error);
}

/** v3's paging block: a list ends at `page_info.total_pages`; without it nobody can tell a list is whole. */
const pageMetaSchema = z.object({ page_info: z.object({ total_pages: z.int().check(z.minimum(0)) }) });

/**
 * Every row of a v3 list (`path` with `query` and `page=1, 2, ...`), in the order the pages give
 * them, each parsed with `row`. Reading stops at the last page, or after a page for which
 * `more(rows)` answers false. A reconciliation must not answer from a list it read in part, so a
 * row that does not parse, a page without its page_info, or a list longer than `pageLimit` pages
 * throws instead.
 */
export async function readPages<Row>(list: {
  path: string;
  route: string;
  query: Record<string, string>;
  row: z.core.$ZodType<Row>;
  pageLimit: number;
  more?: (rows: Row[]) => boolean;
}): Promise<Row[]> {
  const schema = z.object({ status: z.literal('success'), meta: pageMetaSchema, data: z.array(list.row) });
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    if (page > list.pageLimit) throw new Error(`Flutterwave ${list.route}: more than ${list.pageLimit} pages, not read fully`);
    const search = new URLSearchParams({ ...list.query, page: String(page) });
    const answer = await call('GET', `${list.path}?${search}`, list.route, schema);
    rows.push(...answer.data);
    if (answer.data.length === 0 || page >= answer.meta.page_info.total_pages) return rows;
    if (list.more && !list.more(answer.data)) return rows;
  }
}
