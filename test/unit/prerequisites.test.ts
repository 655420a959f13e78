import { describe, expect, it } from 'vitest';
import {
  afterInstall,
  chromiumPath,
  decide,
  type Host,
  installs,
  javaMajor,
  missingPrerequisites,
  type Probe,
  parseNeeds,
} from '../../scripts/prerequisites';

const java17 = 'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)\n';
const java11 = 'openjdk version "11.0.22" 2024-01-16\n';
const openjdk17Candidate = 'openjdk-17-jre-headless:\n  Installed: (none)\n  Candidate: 17.0.19+10-1~deb12u2\n';
const noOpenjdk17 = 'openjdk-17-jre-headless:\n  Installed: (none)\n  Candidate: (none)\n';

const present: Probe = { javaVersionOutput: java17, chromiumPath: '/usr/bin/chromium', chromiumExecutable: true };
const root: Host = { root: true, apt: true, javaPolicy: openjdk17Candidate };
const user: Host = { root: false, apt: true, javaPolicy: openjdk17Candidate };

function plan(probe: Partial<Probe>, host: Host, javaPolicyAfterUpdate = host.javaPolicy) {
  const decision = decide(missingPrerequisites(['java', 'chromium'], { ...present, ...probe }), host);
  return decision.action === 'install' ? installs(decision.missing, javaPolicyAfterUpdate) : decision;
}

describe('javaMajor', () => {
  it.each([
    [java17, 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "17-ea" 2021-09-14', 17],
    ['java version "1.8.0_392"\nJava(TM) SE Runtime Environment', 8],
    ['Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nopenjdk version "11.0.22" 2024-01-16', 11],
  ])('reads the major version of %j as %i', (output, major) => {
    expect(javaMajor(output)).toBe(major);
  });

  it('returns null when the output names no version', () => {
    expect(javaMajor('Error: could not find libjava.so')).toBeNull();
  });
});

describe('what is missing', () => {
  it('does nothing when java 17 and chromium are present', () => {
    expect(missingPrerequisites(['java', 'chromium'], present)).toEqual([]);
    expect(plan({}, root)).toEqual({ action: 'none' });
  });

  it('treats Java 11 as missing', () => {
    expect(missingPrerequisites(['java'], { ...present, javaVersionOutput: java11 })).toEqual([
      { need: 'java', major: 11, found: true },
    ]);
  });

  it('treats Java 8 in the 1.8 style as missing', () => {
    expect(missingPrerequisites(['java'], { ...present, javaVersionOutput: 'java version "1.8.0_392"' })).toHaveLength(1);
  });

  it('treats a java whose version cannot be read as missing', () => {
    expect(missingPrerequisites(['java'], { ...present, javaVersionOutput: 'garbage' })).toEqual([
      { need: 'java', major: null, found: true },
    ]);
  });

  it('only checks what was asked for', () => {
    expect(missingPrerequisites(['java'], { ...present, chromiumExecutable: false })).toEqual([]);
  });

  it('takes the Chromium path from CHROMIUM_PATH, else Debian’s', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
  });
});

describe('as root with apt-get', () => {
  it('installs openjdk-17-jre-headless as root when java is missing', () => {
    expect(plan({ javaVersionOutput: null }, root)).toEqual([
      {
        pkg: 'openjdk-17-jre-headless',
        line: 'Installing openjdk-17-jre-headless: Java 17 or newer is needed (DynamoDB Local)',
      },
    ]);
  });

  it('installs default-jre-headless when openjdk-17 has no candidate', () => {
    expect(plan({ javaVersionOutput: java11 }, root, noOpenjdk17)).toEqual([
      {
        pkg: 'default-jre-headless',
        line: 'Installing default-jre-headless: Java 17 or newer is needed (DynamoDB Local; java -version reports 11)',
      },
    ]);
  });

  it('chooses the Java package from the lists read after apt-get update', () => {
    expect(plan({ javaVersionOutput: null }, { ...root, javaPolicy: '' }, openjdk17Candidate)).toMatchObject([
      { pkg: 'openjdk-17-jre-headless' },
    ]);
  });

  it('installs chromium when /usr/bin/chromium is missing', () => {
    expect(plan({ chromiumExecutable: false }, root)).toEqual([
      { pkg: 'chromium', line: 'Installing chromium: Chromium is needed (browser tests)' },
    ]);
  });

  it('installs both when both are missing', () => {
    expect(plan({ javaVersionOutput: null, chromiumExecutable: false }, root)).toMatchObject([
      { pkg: 'openjdk-17-jre-headless' },
      { pkg: 'chromium' },
    ]);
  });

  it('stops instead of installing when CHROMIUM_PATH points at a missing file', () => {
    expect(plan({ chromiumPath: '/nonexistent', chromiumExecutable: false }, root)).toEqual({
      action: 'stop',
      message:
        'Chromium is needed (browser tests), but CHROMIUM_PATH=/nonexistent is not an executable file: point CHROMIUM_PATH at Chromium, or unset it and install the package chromium, e.g. sudo apt-get install chromium',
    });
  });

  it('fails after installing when java still reports an old version', () => {
    const still = missingPrerequisites(['java'], { ...present, javaVersionOutput: java11 });
    expect(afterInstall(still, ['default-jre-headless'])).toBe(
      'Installed default-jre-headless, but Java 17 or newer is needed (DynamoDB Local; java -version reports 11): pick Java 17 or newer with sudo update-alternatives --config java',
    );
  });

  it('is satisfied after installing when nothing is missing any more', () => {
    expect(afterInstall([], ['chromium'])).toBeNull();
  });
});

describe('without root or apt-get', () => {
  it('names the package and stops when not root', () => {
    expect(plan({ javaVersionOutput: null }, user)).toEqual({
      action: 'stop',
      message:
        'Java 17 or newer is needed (DynamoDB Local): install the package openjdk-17-jre-headless, e.g. sudo apt-get install openjdk-17-jre-headless',
    });
  });

  it('names both packages in one line when both are missing', () => {
    expect(plan({ javaVersionOutput: java11, chromiumExecutable: false }, user)).toEqual({
      action: 'stop',
      message:
        'Java 17 or newer (DynamoDB Local; java -version reports 11) and Chromium (browser tests) are needed: install the packages openjdk-17-jre-headless and chromium, e.g. sudo apt-get install openjdk-17-jre-headless chromium',
    });
  });

  it('names default-jre-headless where the lists have no openjdk-17', () => {
    expect(plan({ javaVersionOutput: null }, { ...user, javaPolicy: noOpenjdk17 })).toMatchObject({
      message: expect.stringContaining('install the package default-jre-headless'),
    });
  });

  it('stops without an apt-get hint as root on a machine without apt-get', () => {
    expect(plan({ chromiumExecutable: false }, { root: true, apt: false, javaPolicy: null })).toEqual({
      action: 'stop',
      message: 'Chromium is needed (browser tests): install the package chromium',
    });
  });
});

describe('parseNeeds', () => {
  it('accepts java and chromium once each', () => {
    expect(parseNeeds(['java', 'chromium', 'java'])).toEqual(['java', 'chromium']);
  });

  it('refuses unknown names and no names with a usage line', () => {
    expect(parseNeeds(['jav'])).toContain('unknown: jav');
    expect(parseNeeds([])).toMatch(/^usage:/);
  });
});
