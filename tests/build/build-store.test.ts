/** The store of immutable builds: the link switched in one step, the lock per digest, and which builds clean-up keeps. */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILDS_FOLDER,
  currentBuild,
  KEPT_BUILDS,
  pointDistAt,
  removeOldBuilds,
  useBuild,
} from '../../src/adapters/builds/build-store.ts';
import { lockBuild } from '../../scripts/lib/build-site.ts';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A temp folder with `names` as stamped builds in `.builds/`, the first one oldest. */
async function store(names: string[]): Promise<{ dist: string; builds: string }> {
  const root = await mkdtemp(join(tmpdir(), 'build-store-'));
  roots.push(root);
  const builds = join(root, BUILDS_FOLDER);
  for (const [i, name] of names.entries()) {
    await mkdir(join(builds, name), { recursive: true });
    await writeFile(
      join(builds, name, '.build-stamp.json'),
      JSON.stringify({ SITE_URL: 'http://localhost:4321', digest: name }),
    );
    await utimes(join(builds, name), 1_000 + i, 1_000 + i);
  }
  return { dist: join(root, 'dist'), builds };
}

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const name = (n: number) => n.toString(16).padStart(16, '0');

describe('the build store', () => {
  it('points DIST_DIR at a build with a relative link, replacing a plain folder left there', async () => {
    const { dist, builds } = await store([name(1), name(2)]);
    await mkdir(dist);
    await writeFile(join(dist, 'old.txt'), 'a build made before builds had folders');
    await pointDistAt(dist, join(builds, name(1)));
    expect(await readlink(dist)).toBe(`${BUILDS_FOLDER}/${name(1)}`);
    await pointDistAt(dist, join(builds, name(2)));
    expect(await currentBuild(dist)).toBe(join(builds, name(2)));
    expect((await readdir(join(dist, '..'))).sort()).toEqual([BUILDS_FOLDER, 'dist']);
  });

  it(`keeps the ${KEPT_BUILDS} latest builds, and any build DIST_DIR shows or a live process uses, whatever its age`, async () => {
    const { dist, builds } = await store([1, 2, 3, 4, 5, 6, 7].map(name));
    await pointDistAt(dist, join(builds, name(1)));
    await useBuild(join(builds, name(2)));
    // A process that has ended no longer holds its build, and its record goes.
    await mkdir(join(builds, '.users'), { recursive: true });
    await writeFile(join(builds, '.users', `${name(3)}.${deadPid()}`), '');
    // A lock held by a live process: that build is being made.
    await writeFile(join(builds, `${name(4)}.lock`), String(process.pid));
    const { kept, removed } = await removeOldBuilds(dist, { measure: true });
    // Build 2 was just chosen (the latest), then 7 and 6; 1, 2 and 4 are spared, 3 and 5 go.
    expect(kept.map((build) => build.name).sort()).toEqual([1, 2, 4, 6, 7].map(name));
    expect(removed.sort()).toEqual([3, 5].map(name));
    expect(kept.find((build) => build.name === name(1))!.bytes).toBeGreaterThan(0);
    expect(await readdir(join(builds, '.users'))).toEqual([`${name(2)}.${process.pid}`]);
    const again = await removeOldBuilds(dist, { keep: 1 });
    expect(again.removed.sort()).toEqual([6, 7].map(name));
  });

  it('makes a second taker of a lock wait until the first lets go, and takes over a lock whose process has ended', async () => {
    const { builds } = await store([]);
    await mkdir(builds, { recursive: true });
    const release = await lockBuild(builds, name(9));
    const lines: string[] = [];
    let onLine: () => void = () => {};
    const said = new Promise<void>((resolve) => (onLine = resolve));
    let second = false;
    const next = lockBuild(builds, name(9), { log: (line) => (lines.push(line), onLine()) }).then(
      (unlock) => ((second = true), unlock),
    );
    await said;
    expect(lines).toEqual([`Waiting for the build in progress for the same inputs (process ${process.pid})...`]);
    expect(second).toBe(false);
    await release();
    await (await next)();
    await writeFile(join(builds, `${name(9)}.lock`), String(deadPid()));
    const taken = await lockBuild(builds, name(9));
    expect(await readFile(join(builds, `${name(9)}.lock`), 'utf8')).toBe(String(process.pid));
    await taken();
  });
});
