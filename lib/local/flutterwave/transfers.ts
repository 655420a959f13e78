import { roundedMinorFromProvider } from '../../../lambdas/core/domain/money';
import { covers } from './balances';
import { nigerianBanks } from './banks';
import { isRateCurrency, type RateCurrency, sourceAmountMinor } from './rates';
import { baseReference, retrySuffix, type SandboxStore, type SandboxTransfer } from './store';
import type { SandboxFaults, WebhookSender } from './webhooks';
import { majorAmount } from './wire';

/**
 * The test account payouts always fail at: Access Bank (044) 0690000041, which resolves to a name
 * like the other test accounts, so it can be saved as bank details. Every transfer to it, retries
 * included, is decided FAILED (a payout to it ends waiting for ops). For a transfer that fails a
 * given number of times and then succeeds, set the `transferFailures` fault.
 */
export const failingPayoutAccount = { bankCode: '044', accountNumber: '0690000041' } as const;

/** How long a transfer takes to be decided unless the sandbox is told otherwise. */
export const defaultTransferDecideMs = 1_500;

/**
 * v3's NGN transfer fee, in naira as the API writes it: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50
 * above, plus 7.5% VAT (so 10.75, 26.875, 53.75: not always a whole number of kobo).
 */
export function transferFee(amountMinor: number): number {
  const naira = amountMinor <= 500_000 ? 10 : amountMinor <= 5_000_000 ? 25 : 50;
  return (naira * 1_075) / 1_000;
}

const completeMessages = {
  successful: 'Transaction was successful',
  // v3's words for a transfer the merchant wallet cannot cover: queued, then FAILED with this.
  insufficientFunds: 'DISBURSE FAILED: Insufficient funds in customer wallet',
  declined: 'DISBURSE FAILED: the beneficiary bank declined the credit (sandbox failing account; a retry succeeds)',
  fault: 'DISBURSE FAILED: the beneficiary bank is unavailable (sandbox fault)',
} as const;

/**
 * The fee of a transfer, in its debit currency as v3 reports it (major units). NGN from the NGN
 * wallet: v3's naira fee (transferFee). Any other pair, where v3 documents no fee: the sandbox's
 * rule is the naira fee of the amount's naira value, converted into the debit currency at the
 * rate and rounded half up to the cent (₦53.75 from a USD wallet at ₦1,500 is $0.04).
 */
export function debitFee(
  faults: SandboxFaults,
  currency: RateCurrency,
  debitCurrency: RateCurrency,
  amountMinor: number,
): number {
  if (currency === 'NGN' && debitCurrency === 'NGN') return transferFee(amountMinor);
  const nairaFee = transferFee(sourceAmountMinor(faults, 'NGN', currency, amountMinor));
  return majorAmount(sourceAmountMinor(faults, debitCurrency, 'NGN', roundedMinorFromProvider(nairaFee)));
}

/** What a transfer is sent to and for; the rest of an attempt the sandbox fills in. */
export interface TransferOrder {
  reference: string;
  accountNumber: string;
  bankCode: string;
  fullName: string;
  amountMinor: number;
  currency: string;
  debitCurrency: string;
  narration: string;
}

interface SandboxPayoutsOptions {
  store: SandboxStore;
  webhooks: WebhookSender;
  faults: SandboxFaults;
  /** NEW -> PENDING at half of it, SUCCESSFUL or FAILED at the end. */
  decideAfterMs: number;
}

/**
 * The payouts' clock: each attempt goes NEW -> PENDING -> SUCCESSFUL | FAILED by itself and then
 * sends its `transfer.completed` webhook. Attempts are stored as they change, so a restarted
 * sandbox picks up the ones it had not decided (resume). While `faults.holdTransfers` is true,
 * attempts stop at PENDING; setting it back to false (in code or through POST /__faults) decides them.
 */
export class SandboxPayouts {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly held = new Set<SandboxTransfer>();
  private stopped = false;

  constructor(private readonly options: SandboxPayoutsOptions) {
    onHoldLifted(options.faults, () => this.releaseHeld());
  }

  /**
   * Stores a NEW attempt and starts its clock; the `transferFailures` fault is taken here. One the
   * debit wallet cannot cover (its debit amount and fee) is queued all the same, as v3 does, and
   * fails at once.
   */
  make(order: TransferOrder, retryOf?: number): SandboxTransfer {
    const { store, faults } = this.options;
    const { currency, debitCurrency } = order;
    // api.ts refuses a pair without a rate before it gets here; a retry is of an attempt it let through.
    if (!isRateCurrency(currency) || !isRateCurrency(debitCurrency)) {
      throw new RangeError(`No rate for a transfer of ${currency} from the ${debitCurrency} wallet`);
    }
    // Converted at the rate when the attempt is made: a retry later pays the rate of its own day.
    const debitAmountMinor = sourceAmountMinor(faults, debitCurrency, currency, order.amountMinor);
    const fee = debitFee(faults, currency, debitCurrency, order.amountMinor);
    const uncovered = !covers(store, debitCurrency, debitAmountMinor + roundedMinorFromProvider(fee));
    const forceFail = !uncovered && faults.transferFailures > 0;
    if (forceFail) faults.transferFailures -= 1;
    const transfer: SandboxTransfer = {
      id: store.newTransferId(),
      ...order,
      debitAmountMinor,
      bankName: nigerianBanks.find((bank) => bank.code === order.bankCode)?.name ?? 'N/A',
      fee,
      status: 'NEW',
      completeMessage: '',
      createdAt: new Date().toISOString(),
      ...(retryOf === undefined ? {} : { retryOf }),
      ...(forceFail ? { forceFail } : {}),
      ...(uncovered ? { uncovered } : {}),
      webhook: { state: 'not_sent', attempts: 0 },
    };
    store.addTransfer(transfer);
    this.start(transfer);
    return transfer;
  }

  /**
   * A new attempt of a FAILED transfer: same account and amount, a new id, and the reference v3
   * gives a retry: the payout's own with `_PMCK_ST_FDU_1_RETRY_<n>` after it.
   */
  retry(failed: SandboxTransfer): SandboxTransfer {
    const { accountNumber, bankCode, fullName, amountMinor, currency, debitCurrency, narration } = failed;
    const base = baseReference(failed.reference);
    const n = this.options.store.attemptsOf(base).length;
    return this.make(
      {
        reference: `${base}${retrySuffix}${n}`,
        accountNumber,
        bankCode,
        fullName,
        amountMinor,
        currency,
        debitCurrency,
        narration,
      },
      failed.id,
    );
  }

  /** Restarts the clock of every stored attempt not yet decided (after a restart). */
  resume(): void {
    for (const transfer of this.options.store.undecidedTransfers()) this.start(transfer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private start(transfer: SandboxTransfer): void {
    const { store } = this.options;
    // Refused for the balance as soon as it is looked at, just after it was queued.
    const decideAfterMs = transfer.uncovered ? 0 : this.options.decideAfterMs;
    this.after(Math.floor(decideAfterMs / 2), () => {
      if (transfer.status !== 'NEW') return;
      transfer.status = 'PENDING';
      store.commit();
    });
    this.after(decideAfterMs, () => this.finish(transfer));
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
  }

  private finish(transfer: SandboxTransfer): void {
    const { faults, store, webhooks } = this.options;
    if (transfer.status !== 'NEW' && transfer.status !== 'PENDING') return;
    if (transfer.uncovered) {
      transfer.status = 'FAILED';
      transfer.completeMessage = completeMessages.insufficientFunds;
      store.commit();
      void webhooks.deliverTransfer(transfer);
      return;
    }
    if (faults.holdTransfers) {
      transfer.status = 'PENDING';
      store.commit();
      this.held.add(transfer);
      return;
    }
    const failingAccount =
      transfer.bankCode === failingPayoutAccount.bankCode && transfer.accountNumber === failingPayoutAccount.accountNumber;
    if (transfer.forceFail || failingAccount) {
      transfer.status = 'FAILED';
      transfer.completeMessage = transfer.forceFail ? completeMessages.fault : completeMessages.declined;
    } else {
      transfer.status = 'SUCCESSFUL';
      transfer.completeMessage = completeMessages.successful;
    }
    store.commit();
    void webhooks.deliverTransfer(transfer);
  }

  private releaseHeld(): void {
    if (this.stopped) return;
    const held = [...this.held];
    this.held.clear();
    for (const transfer of held) this.finish(transfer);
  }
}

/**
 * Makes `faults.holdTransfers` call `lifted` when it goes from true to false, however it is set
 * (a test's assignment, Object.assign, POST /__faults). It stays an ordinary enumerable field.
 */
function onHoldLifted(faults: SandboxFaults, lifted: () => void): void {
  let hold = faults.holdTransfers;
  Object.defineProperty(faults, 'holdTransfers', {
    enumerable: true,
    configurable: true,
    get: () => hold,
    set: (value: boolean) => {
      const wasHeld = hold;
      hold = value;
      if (wasHeld && !value) lifted();
    },
  });
}
