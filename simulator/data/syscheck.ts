/**
 * The files integrity monitoring (syscheck) watches on one agent, as `GET /syscheck/{agent_id}`
 * lists them: a pure function of (seed, agent number, OS) like the rest of the inventory. The paths
 * are the ones the sample alerts change, so the inventory and the alerts tell of the same files.
 */
import { createHash } from 'node:crypto';
import { osFamily } from './catalogues';
import type { InventoryAgent } from './inventory';
import { hash32 } from './random';

type Row = Record<string, unknown>;

const UNIX_FILES: ReadonlyArray<readonly [path: string, perm: string, owner: string]> = [
  ['/etc/passwd', 'rw-r--r--', 'root'],
  ['/etc/shadow', 'rw-r-----', 'root'],
  ['/etc/group', 'rw-r--r--', 'root'],
  ['/etc/hosts', 'rw-r--r--', 'root'],
  ['/etc/sudoers', 'r--r-----', 'root'],
  ['/etc/ssh/sshd_config', 'rw-r--r--', 'root'],
  ['/etc/crontab', 'rw-r--r--', 'root'],
  ['/usr/bin/curl', 'rwxr-xr-x', 'root'],
  ['/usr/sbin/sshd', 'rwxr-xr-x', 'root'],
  ['/var/www/html/index.html', 'rw-r--r--', 'www-data'],
];

const WINDOWS_FILES: ReadonlyArray<readonly [path: string, perm: string, owner: string]> = [
  ['c:\\windows\\system32\\drivers\\etc\\hosts', 'full control', 'SYSTEM'],
  ['c:\\windows\\system32\\cmd.exe', 'read, execute', 'TrustedInstaller'],
  ['c:\\windows\\regedit.exe', 'read, execute', 'TrustedInstaller'],
  ['c:\\program files (x86)\\ossec-agent\\ossec.conf', 'full control', 'Administrators'],
];

const digest = (algorithm: string, text: string) =>
  createHash(algorithm).update(text).digest('hex');

const isoSeconds = (seconds: number) =>
  new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function syscheckFiles(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const files = osFamily(agent.os) === 'windows' ? WINDOWS_FILES : UNIX_FILES;
  return files.map(([file, perm, owner], index) => {
    const changes = 1 + (hash32(seed, agent.n + index, 51) % 6);
    const content = `${seed}:${agent.n}:${file}:${changes}`;
    // Changed some hours before the last scan.
    const mtime = agent.scannedAt - (hash32(seed, agent.n + index, 52) % (7 * 86_400));
    return {
      file,
      type: 'file',
      perm,
      uname: owner,
      gname: owner === 'www-data' ? 'www-data' : 'root',
      uid: owner === 'www-data' ? '33' : '0',
      gid: owner === 'www-data' ? '33' : '0',
      size: 64 + (hash32(seed, agent.n + index, 53) % 200_000),
      inode: 100_000 + (hash32(seed, agent.n + index, 54) % 900_000),
      md5: digest('md5', content),
      sha1: digest('sha1', content),
      sha256: digest('sha256', content),
      changes,
      mtime: isoSeconds(mtime),
      date: isoSeconds(agent.scannedAt),
    };
  });
}
