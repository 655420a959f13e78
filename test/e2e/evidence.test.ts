import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { LocalCloud } from '../../lib/local/index';
import { fundedContract } from '../support/funded-contract';
import type { SignedInPerson } from '../support/identity';
import { browserPatience, screenshot, secondMachine, signedInTab, type TwoPeople, twoPeople } from './browser';

/**
 * Evidence files in the browser (issue 38), on phones: the seller attaches a photo to the delivery
 * (uploaded straight to the local S3 stand-in with the presigned POST), the buyer's contract page
 * shows it as a thumbnail read through a short-lived link, and the buyer accepts the delivery.
 */
let cloud: LocalCloud;
let browser: Browser;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;

beforeAll(async () => {
  ({ cloud, browser, seller, buyer, buyerPage, ok, stop } = await twoPeople({ tabs: ['buyer'] }));
});

afterAll(() => stop?.());

/** An 8 by 8 red PNG, whole (signature, IHDR, IDAT, IEND): what a phone's photo is, only smaller. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO4YGCAFTEMLQkA2ntMAZZ5tYQAAAAASUVORK5CYII=',
  'base64',
);

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;

describe('evidence files, in the browser', () => {
  it('the seller delivers with a photo attached; the buyer sees the photo on their contract page and accepts', async () => {
    const app = cloud.appUrl;
    const { id } = await fundedContract(cloud, seller, buyer, {
      title: 'Phone repair',
      description: 'New screen',
      value: '30000',
    });

    // The seller, on a phone, attaches the photo to the delivery: it uploads and is confirmed.
    const sellerPage = await signedInTab(browser, app, seller.user, secondMachine);
    await sellerPage.goto(`${app}/my-contract-details/${id}`);
    await sellerPage.getByText(/^Your turn: deliver( by .+)?, then mark the contract as delivered\.$/).waitFor();
    await sellerPage.getByLabel('What was delivered').fill('Repaired phone handed to the courier');
    await sellerPage.getByLabel('Attach photos or PDFs (optional)').setInputFiles({
      name: 'repaired-phone.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    const picked = sellerPage.getByRole('list', { name: 'Files to attach' }).getByRole('listitem');
    await picked.getByText('Attached').waitFor();
    expect(await picked.textContent()).toContain('repaired-phone.png (74 bytes)');
    await screenshot(sellerPage, 'evidence-seller-attached');
    await sellerPage.getByRole('button', { name: 'Mark as Delivered' }).click();
    await sellerPage.getByText(/Contract marked as delivered/).waitFor();
    expect((await contract(id)).status).toBe('delivered');

    // The buyer's page shows the photo, loaded from the bucket through its link (CSP and CORS allowing).
    await buyerPage.goto(`${app}/contracts/${id}`);
    await buyerPage.getByText(/Your turn: inspect the delivery and mark it completed or open a dispute by/).waitFor();
    const attachments = buyerPage.getByRole('list', { name: 'Files attached to the delivery' });
    const image = attachments.getByRole('img', { name: 'repaired-phone.png' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: browserPatience })
      .toBe(8);
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${cloud.s3.endpoint}/.*X-Amz-Signature=`));
    await screenshot(buyerPage, 'evidence-buyer-sees-photo');

    // The buyer accepts the delivery.
    await buyerPage.getByRole('button', { name: 'Mark as Completed' }).click();
    await buyerPage.getByRole('dialog').getByRole('button', { name: 'Yes, Mark as Completed' }).click();
    await buyerPage.getByText('Waiting for the seller to release the funds.').waitFor();
    expect((await contract(id)).status).toBe('payer_marked_satisfied');
    await screenshot(buyerPage, 'evidence-buyer-accepted');
  });
});
