import { describe, expect, it } from 'vitest';
import { deployArguments } from '../../scripts/deploy';

describe('npm run deploy', () => {
  it('deploys every stack of the stage when no stack is named', () => {
    expect(deployArguments(['-c', 'stage=prod', '-c', 'mailDomain=mail.middleman.ng'])).toEqual([
      'deploy',
      '-c',
      'stage=prod',
      '-c',
      'mailDomain=mail.middleman.ng',
      '--all',
    ]);
  });

  it('deploys only the named stack, e.g. the mail stack first', () => {
    expect(deployArguments(['-c', 'stage=prod', 'escrow-prod-mail'])).toEqual(['deploy', '-c', 'stage=prod', 'escrow-prod-mail']);
  });
});
