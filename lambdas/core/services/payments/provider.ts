import { ProviderRejectedError, ProviderUnavailableError } from '../../adapters/flutterwave/client';
import { logger } from '../../adapters/logger';
import { ConflictError, UnavailableError } from '../../domain/errors';

/**
 * Calls the provider. One that cannot be reached, or answers something we cannot use (a wrong key,
 * an amount that is not whole kobo), is a 503 with the spec's text, logged as an error for ops; a
 * charge the provider refuses (`refusedIs: 409`, e.g. a currency it does not take there) is a 409.
 */
export async function withProvider<T>(call: () => Promise<T>, message: string, refusedIs: 409 | 503 = 503): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderRejectedError && refusedIs === 409) {
      logger.warn('Payment provider refused a charge', { error });
      throw new ConflictError(message);
    }
    if (error instanceof ProviderUnavailableError) logger.warn('Payment provider unavailable', { error });
    else logger.error('Payment provider call failed', { error: error as Error });
    throw new UnavailableError(message);
  }
}
