import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SandboxRefund } from './refunds';

/** Who paid, as the provider reports the customer. */
export interface SandboxCustomer {
  email: string;
  name: string | null;
  phoneNumber: string | null;
}

/** A bank-transfer charge's one-off account. */
export interface SandboxVirtualAccount {
  number: string;
  bank: string;
  /** The provider's `transfer_reference`, also the `flw_ref` of the transfer that pays it. */
  reference: string;
  expiresAt: string;
  /** The transaction of the transfer it received: the account takes one transfer only. */
  paidByTransactionId?: number;
}

/** A charge made through the API (`POST /v3/charges`), before or after it is paid. */
export interface SandboxCharge {
  type: 'bank_transfer' | 'opay';
  txRef: string;
  amountMinor: number;
  currency: string;
  customer: SandboxCustomer;
  createdAt: string;
  account?: SandboxVirtualAccount;
  /** OPay: the page's token, where the payer returns to, and the pending transaction it completes. */
  opay?: { token: string; redirectUrl: string | null; transactionId: number };
}

/** What became of a transaction's `charge.completed` (or a transfer's `transfer.completed`) webhook. */
export interface SandboxWebhookState {
  state: 'not_sent' | 'sending' | 'delivered' | 'failed' | 'dropped';
  /** POSTs made, copies included. */
  attempts: number;
  lastAttemptAt?: string;
  lastError?: string;
}

/** A transaction as verify answers it; amounts in minor units. */
export interface SandboxTransaction {
  id: number;
  txRef: string;
  flwRef: string;
  amountMinor: number;
  chargedAmountMinor: number;
  appFeeMinor: number;
  currency: string;
  status: 'pending' | 'successful' | 'failed';
  paymentType: 'card' | 'bank_transfer' | 'opay';
  processorResponse: string;
  narration: string;
  customer: SandboxCustomer;
  createdAt: string;
  webhook: SandboxWebhookState;
}

/** A transfer attempt (payout) made through `POST /v3/transfers` or a retry; amounts in minor units. */
/** What v3 puts after a payout's reference on each retry of it (`<reference>_PMCK_ST_FDU_1_RETRY_1`, ...). */
export const retrySuffix = '_PMCK_ST_FDU_1_RETRY_';

/** The payout's own reference of an attempt: its retry suffix taken off. */
export function baseReference(reference: string): string {
  const at = reference.indexOf(retrySuffix);
  return at === -1 ? reference : reference.slice(0, at);
}

export interface SandboxTransfer {
  id: number;
  /** The merchant's reference: unique per payout, shared by its retries. */
  reference: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  fullName: string;
  /** What the beneficiary gets, in `currency`. */
  amountMinor: number;
  /**
   * What the `debitCurrency` wallet pays for `amountMinor` (without the fee), at the rate when the
   * attempt was made; the amount itself when the currencies are the same. Absent on attempts
   * stored before the sandbox converted: those were NGN from NGN.
   */
  debitAmountMinor?: number;
  /**
   * In `debitCurrency`, major units as v3 reports it: with 7.5% VAT a naira fee is not a whole
   * number of kobo (26.875).
   */
  fee: number;
  currency: string;
  debitCurrency: string;
  narration: string;
  status: 'NEW' | 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  completeMessage: string;
  createdAt: string;
  /** The FAILED attempt this one retries. */
  retryOf?: number;
  /** Decided FAILED whatever the account (the transferFailures fault, decided when it was made). */
  forceFail?: boolean;
  /**
   * The wallet could not cover it (amount and fee) when it was made: queued like any other, never
   * debited, and failed at once with the provider's "Insufficient funds" message.
   */
  uncovered?: boolean;
  webhook: SandboxWebhookState;
}

interface SandboxData {
  nextTransactionId: number;
  nextTransferId: number;
  nextRefundId: number;
  charges: SandboxCharge[];
  transactions: SandboxTransaction[];
  transfers: SandboxTransfer[];
  refunds: SandboxRefund[];
  /** What the platform had put in each wallet before the first payment (its float), in minor units. */
  openingBalancesMinor: Record<string, number>;
  /** What a test set each wallet to (setBalanceMinor), as the difference from what the records make. */
  balanceAdjustmentsMinor: Record<string, number>;
}

/**
 * The sandbox's charges, transactions, transfers and refunds, in memory and, when a file is given,
 * written through to disk (temp file + rename) so a restarted sandbox still verifies yesterday's
 * payments and decides the payouts and refunds it had not finished.
 */
export class SandboxStore {
  // Ids look like the provider's (6+ digits) so nothing downstream assumes small numbers.
  private data: SandboxData = {
    nextTransactionId: 4_100_001,
    nextTransferId: 510_001,
    nextRefundId: 7_300_001,
    charges: [],
    transactions: [],
    transfers: [],
    refunds: [],
    openingBalancesMinor: {},
    balanceAdjustmentsMinor: {},
  };

  /** `openingBalancesMinor` funds the wallets of a new store; a stored one keeps what it had (none, when written before floats). */
  constructor(
    private readonly file?: string,
    openingBalancesMinor: Record<string, number> = {},
  ) {
    // A file written before the sandbox made transfers (or refunds) has none of their fields.
    if (file && existsSync(file))
      this.data = { ...this.data, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxData>) };
    else {
      this.data.openingBalancesMinor = { ...openingBalancesMinor };
      this.save();
    }
  }

  /** The float a wallet started with. */
  openingBalances(): Record<string, number> {
    return { ...this.data.openingBalancesMinor };
  }

  /** What a wallet holds beyond what its payments, transfers and refunds make: its float and any balance a test set. */
  balanceOffsetMinor(currency: string): number {
    return (this.data.openingBalancesMinor[currency] ?? 0) + (this.data.balanceAdjustmentsMinor[currency] ?? 0);
  }

  /** Sets the difference a test's setBalanceMinor keeps (undefined: none). */
  setBalanceAdjustmentMinor(currency: string, minor: number | undefined): void {
    if (minor === undefined) delete this.data.balanceAdjustmentsMinor[currency];
    else this.data.balanceAdjustmentsMinor[currency] = minor;
    this.save();
  }

  newTransactionId(): number {
    const id = this.data.nextTransactionId++;
    this.save();
    return id;
  }

  addCharge(charge: SandboxCharge): void {
    this.data.charges.push(charge);
    this.save();
  }

  chargeByTxRef(txRef: string): SandboxCharge | undefined {
    return this.data.charges.find((c) => c.txRef === txRef);
  }

  chargeByAccount(accountNumber: string): SandboxCharge | undefined {
    return this.data.charges.find((c) => c.account?.number === accountNumber);
  }

  chargeByOpayToken(token: string): SandboxCharge | undefined {
    return this.data.charges.find((c) => c.opay?.token === token);
  }

  /** Charges whose account still takes a transfer, newest first. */
  openAccounts(now = Date.now()): SandboxCharge[] {
    return this.data.charges
      .filter((c) => c.account && c.account.paidByTransactionId === undefined && Date.parse(c.account.expiresAt) > now)
      .reverse();
  }

  accountNumberTaken(accountNumber: string): boolean {
    return this.chargeByAccount(accountNumber) !== undefined;
  }

  addTransaction(transaction: SandboxTransaction): void {
    this.data.transactions.push(transaction);
    this.save();
  }

  transaction(id: number): SandboxTransaction | undefined {
    return this.data.transactions.find((t) => t.id === id);
  }

  /** The newest transaction for a reference, as verify_by_reference answers. */
  latestByTxRef(txRef: string): SandboxTransaction | undefined {
    return this.data.transactions.filter((t) => t.txRef === txRef).at(-1);
  }

  /** The stored transactions, newest first, as v3's list pages them. */
  transactionsNewestFirst(): SandboxTransaction[] {
    return [...this.data.transactions].reverse();
  }

  newTransferId(): number {
    const id = this.data.nextTransferId++;
    this.save();
    return id;
  }

  addTransfer(transfer: SandboxTransfer): void {
    this.data.transfers.push(transfer);
    this.save();
  }

  transfer(id: number): SandboxTransfer | undefined {
    return this.data.transfers.find((t) => t.id === id);
  }

  /** The transfers made with exactly this reference, oldest first. */
  transfersByReference(reference: string): SandboxTransfer[] {
    return this.data.transfers.filter((t) => t.reference === reference);
  }

  /** Every attempt of a payout: its first transfer and each retry (whose references carry the retry suffix), oldest first. */
  attemptsOf(reference: string): SandboxTransfer[] {
    const base = baseReference(reference);
    return this.data.transfers.filter((t) => baseReference(t.reference) === base);
  }

  /** The retries of one transfer (`GET /transfers/{id}/retries`), oldest first. */
  retriesOf(id: number): SandboxTransfer[] {
    return this.data.transfers.filter((t) => t.retryOf === id);
  }

  /** The stored transfers, newest first, as v3's list pages them. */
  transfersNewestFirst(): SandboxTransfer[] {
    return [...this.data.transfers].reverse();
  }

  /** Transfers still NEW or PENDING: the ones a restarted sandbox has to decide. */
  undecidedTransfers(): SandboxTransfer[] {
    return this.data.transfers.filter((t) => t.status === 'NEW' || t.status === 'PENDING');
  }

  newRefundId(): number {
    const id = this.data.nextRefundId++;
    this.save();
    return id;
  }

  addRefund(refund: SandboxRefund): void {
    this.data.refunds.push(refund);
    this.save();
  }

  refund(id: number): SandboxRefund | undefined {
    return this.data.refunds.find((r) => r.id === id);
  }

  /** The refunds of one transaction, oldest first. */
  refundsOf(transactionId: number): SandboxRefund[] {
    return this.data.refunds.filter((r) => r.transactionId === transactionId);
  }

  /** The stored refunds, newest first, as v3's list pages them. */
  refundsNewestFirst(): SandboxRefund[] {
    return [...this.data.refunds].reverse();
  }

  /** Writes changes made to charges, transactions, transfers or refunds handed out by this store (they are the stored objects). */
  commit(): void {
    this.save();
  }

  transactions(): SandboxTransaction[] {
    return structuredClone(this.data.transactions);
  }

  charges(): SandboxCharge[] {
    return structuredClone(this.data.charges);
  }

  transfers(): SandboxTransfer[] {
    return structuredClone(this.data.transfers);
  }

  refunds(): SandboxRefund[] {
    return structuredClone(this.data.refunds);
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(this.data, null, 2));
    renameSync(temp, this.file);
  }
}
