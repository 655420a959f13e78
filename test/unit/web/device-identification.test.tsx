// @vitest-environment happy-dom
import FingerprintJS from '@fingerprintjs/fingerprintjs';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDeviceInfo, deviceInfoPayload } from '../../../web/src/lib/device-info';
import { deviceNameFromUserAgent } from '../../../web/src/lib/device-name';
import { DeviceProvider, useDevice } from '../../../web/src/lib/device-provider';

vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load: vi.fn() } }));

const agents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  otherMobile: 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  unknown: 'curl/8.5.0',
};

describe('device name from the user agent', () => {
  it.each([
    [agents.iPhone, 'iPhone'],
    [agents.iPad, 'iPad'],
    [agents.android, 'Android Device'],
    [agents.otherMobile, 'Mobile Device'],
    [agents.windows, 'Windows PC'],
    [agents.mac, 'Mac'],
    [agents.linux, 'Linux PC'],
    [agents.unknown, 'Unknown Device'],
    ['', 'Unknown Device'],
  ])('names %j %j', (userAgent, name) => {
    expect(deviceNameFromUserAgent(userAgent)).toBe(name);
  });
});

describe('device info record', () => {
  const env = {
    userAgent: agents.windows,
    platform: 'Win32',
    screenWidth: 1920,
    screenHeight: 1080,
    timezone: 'Africa/Lagos',
    language: 'en-GB',
  };

  it('builds the spec record with the visitor id and a WxH resolution', () => {
    expect(buildDeviceInfo('visitor-1', env, { fonts: { value: ['Arial'] } })).toEqual({
      device_id: 'visitor-1',
      device_name: 'Windows PC',
      user_agent: agents.windows,
      platform: 'Win32',
      screen_resolution: '1920x1080',
      timezone: 'Africa/Lagos',
      language: 'en-GB',
      components: { fonts: { value: ['Arial'] } },
    });
  });

  it('keeps the raw components out of what is sent to the server', () => {
    const payload = deviceInfoPayload(buildDeviceInfo('visitor-1', env, { fonts: { value: ['Arial'] } }));
    expect(payload).not.toHaveProperty('components');
    expect(payload?.device_id).toBe('visitor-1');
    expect(deviceInfoPayload(undefined)).toBeNull();
  });
});

function Probe() {
  const { loading, deviceId, deviceInfo } = useDevice();
  return <p>{loading ? 'loading' : `id=${deviceId ?? 'none'} name=${deviceInfo?.device_name ?? 'none'}`}</p>;
}

describe('device identification', () => {
  const load = vi.mocked(FingerprintJS.load);

  beforeEach(() => {
    window.localStorage.clear();
    load.mockReset();
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('uses the stored id and info without fingerprinting when both keys exist', async () => {
    window.localStorage.setItem('middleman_device_id', 'stored-id');
    window.localStorage.setItem('middleman_device_info', JSON.stringify({ device_id: 'stored-id', device_name: 'iPad' }));
    render(
      <DeviceProvider>
        <Probe />
      </DeviceProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('id=stored-id name=iPad')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('fingerprints when only one key is stored, then stores both', async () => {
    window.localStorage.setItem('middleman_device_id', 'stale-id');
    const get = vi.fn(async () => ({ visitorId: 'visitor-9', components: { platform: { value: 'Linux' } } }));
    load.mockResolvedValue({ get } as unknown as Awaited<ReturnType<typeof FingerprintJS.load>>);
    render(
      <DeviceProvider>
        <Probe />
      </DeviceProvider>,
    );
    expect(await screen.findByText(/^id=visitor-9 /)).toBeTruthy();
    expect(window.localStorage.getItem('middleman_device_id')).toBe('visitor-9');
    const stored = JSON.parse(window.localStorage.getItem('middleman_device_info') ?? '{}');
    expect(stored).toMatchObject({ device_id: 'visitor-9', components: { platform: { value: 'Linux' } } });
  });

  it("falls back to the device id 'unknown' when the fingerprint cannot be computed: logged, not stored, loading ends", async () => {
    const error = new Error('blocked');
    load.mockRejectedValue(error);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <DeviceProvider>
        <Probe />
      </DeviceProvider>,
    );
    expect(await screen.findByText('id=unknown name=none')).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Error generating fingerprint:', error);
    // Not kept: the next visit tries the fingerprint again.
    expect(window.localStorage.getItem('middleman_device_id')).toBeNull();
  });
});
