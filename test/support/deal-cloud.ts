import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from './amplify';
import { type SignedInPerson, signedInPerson } from './identity';
import { readyToBePaid } from './seller';

/**
 * A local cloud for a deal: started with `options`, Amplify configured against it, a seller ready
 * to be paid (payment PIN and bank details) and a buyer, both signed in under the names given.
 */
export async function startDealCloud(
  options: LocalCloudOptions,
  people: { pin: string; seller?: string; buyer?: string },
): Promise<{ cloud: LocalCloud; seller: SignedInPerson; buyer: SignedInPerson }> {
  const cloud = await startLocalCloud(options);
  configureAmplify(cloud.config);
  const seller = await signedInPerson(cloud, people.seller ?? 'seller');
  const buyer = await signedInPerson(cloud, people.buyer ?? 'buyer');
  await readyToBePaid(cloud, seller, people.pin);
  return { cloud, seller, buyer };
}
