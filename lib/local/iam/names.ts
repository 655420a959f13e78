import { localStage } from '../stage';
import type { LocalNames } from './stage-iam';

/** What the stage's resources are called in the local cloud (lib/local/stage.ts), for resolving its template. */
export const localNames: LocalNames = {
  region: localStage.region,
  accountId: localStage.accountId,
  stackName: `escrow-${localStage.stage}`,
  tableName: localStage.tableName,
  userPoolId: localStage.userPoolId,
  userPoolClientId: localStage.userPoolClientId,
  eventsApiId: localStage.eventsApiId,
};
