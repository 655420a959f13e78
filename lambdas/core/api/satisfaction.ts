import * as z from '../domain/zod';
import { idSchema } from './common';
import { enterContractId } from './contracts';

/**
 * Satisfaction (spec §4): the payer's acceptance, which the spec and its button call "mark
 * completed" (`mark-contract-completed`). Only then may the creator ask for the release.
 */

export const satisfactionMessages = {
  onlyPayerMarks: 'Only a payer of this contract can mark it completed.',
  notMarkable: (status: string) => `This contract is currently "${status}" and cannot be marked completed.`,
  alreadyMarked: 'You have already marked this contract completed.',
} as const;

export const markSatisfiedRequestSchema = z.object({ contractId: idSchema(enterContractId) });
