export type DeviceKind = 'phone' | 'tablet' | 'computer';

/** The icon a device gets from its name (spec §2 "Trusted Devices"): phone, then tablet, else computer. */
export function deviceKind(deviceName: string): DeviceKind {
  const name = deviceName.toLowerCase();
  if (/phone|android|iphone/.test(name)) return 'phone';
  if (/tablet|ipad/.test(name)) return 'tablet';
  return 'computer';
}
