import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from './amplify';

/** A local cloud whose schedules wait an hour (none runs during a test), with Amplify configured against it. */
export async function startQuietCloud(): Promise<LocalCloud> {
  const cloud = await startLocalCloud({ schedules: { everyMs: 3_600_000 } });
  configureAmplify(cloud.config);
  return cloud;
}
