/**
 * Destructive shell, SQL, VCS, cloud and database operations. Each regex is linear-time; an entry
 * with `andThen` also needs that second regex to match in the rest of the same command (up to the
 * next newline, `;`, `|` or `&`, at most 300 characters), which keeps both regexes simple. `needs`
 * lists literals of which every match contains one (case-insensitively), so that a scanner can skip the
 * regex when none occurs in the text.
 */
export const DESTRUCTIVE_PATTERNS: ReadonlyArray<{
  type: string;
  re: RegExp;
  andThen?: RegExp;
  /** Lower-case literals one of which any match contains: a cheap prefilter on the lower-cased text. */
  needs?: readonly string[];
}> = [
  {
    needs: ['rm'],
    type: 'rm_recursive',
    re: /\brm\s+-[a-z]{0,10}[rf]|\brm\s+--(?:recursive|force|no-preserve-root)\b/i,
  },
  {
    needs: ['rm'],
    type: 'rm_wildcard',
    re: /\brm\s+(?:-[a-z]{1,10}\s+){0,3}(?:[^\s;|&*-][^\s;|&*]{0,100})?\*/i,
  },
  {
    needs: ['drop'],
    type: 'sql_drop',
    re: /\bdrop\s+(?:table|database|schema|view|index|user|collection)\b/i,
  },
  { needs: ['truncate'], type: 'sql_truncate', re: /\btruncate\s+table\b/i },
  {
    needs: ['git'],
    type: 'git_force_push',
    re: /\bgit\s+push\b/i,
    andThen: /\s(?:--force(?:-with-lease)?|-f)\b|\s\+[\w/-]/,
  },
  {
    needs: ['git'],
    type: 'git_destructive',
    re: /\bgit\s+(?:reset\s+--hard|clean\s+-[a-z]{0,5}f|branch\s+-D)\b/,
  },
  {
    needs: ['kubectl', 'helm'],
    type: 'kubectl_delete',
    re: /\bkubectl\s+(?:delete|drain)\b|\bhelm\s+(?:uninstall|delete)\b/i,
  },
  { needs: ['destroy'], type: 'iac_destroy', re: /\b(?:terraform|pulumi|cdk|tofu)\s+destroy\b/i },
  { needs: ['terraform'], type: 'iac_destroy', re: /\bterraform\s+apply\b/i, andThen: /\s-destroy\b/ },
  { needs: ['aws'], type: 'cloud_delete', re: /\baws\s+s3\s+rm\s/i, andThen: /\s--recursive\b/ },
  {
    needs: ['aws', 'gsutil'],
    type: 'cloud_delete',
    re: /\baws\s+s3\s+rb\s|\baws\s+[a-z0-9-]{2,40}\s+(?:delete|terminate)-[a-z]|\bgsutil\s+(?:-m\s+)?rm\s+-r/i,
  },
  { needs: ['gcloud', 'az'], type: 'cloud_delete', re: /\b(?:gcloud|az)\s/, andThen: /\sdelete\b/ },
  {
    needs: ['docker'],
    type: 'container_prune',
    re: /\bdocker\s+(?:system\s+prune|volume\s+(?:rm|prune)|rm\s+-f)\b/i,
  },
  {
    needs: ['mkfs', 'shred', '/dev/', 'format'],
    type: 'disk_wipe',
    re: /\bmkfs(?:\.[a-z0-9]{1,10})?\s|\bshred\s|>\s?\/dev\/(?:sd[a-z]|nvme|hd[a-z])|\bformat\s+[a-z]:/i,
  },
  { needs: ['dd'], type: 'disk_wipe', re: /\bdd\s/, andThen: /\bof=\/dev\// },
  {
    needs: ['del', 'erase', 'rmdir'],
    type: 'windows_delete',
    re: /\b(?:del|erase)\s+\/[sq]\b|\brmdir\s+\/s\b/i,
  },
  { needs: ['remove-item'], type: 'windows_delete', re: /\bremove-item\b/i, andThen: /\s-recurse\b/i },
  { needs: ['chmod'], type: 'permissions_wipe', re: /\bchmod\s+-R\s+0?777\s+\/(?:\s|$)/ },
  {
    needs: ['flush', 'drop', 'deletemany'],
    type: 'datastore_flush',
    re: /\bflush(?:all|db)\b|\.drop(?:Database)?\(\s?\)|\.deleteMany\(\s?\{\s?\}\s?\)|\bdropdb\s/i,
  },
  { needs: [':()'], type: 'fork_bomb', re: /:\(\)\s?\{\s?:\|:\s?&\s?\};\s?:/ },
];

/** The rest of the command after `from`: up to a separator, at most 300 characters. */
export function restOfCommand(value: string, from: number): string {
  const s = value.slice(from, from + 300);
  const cut = s.search(/[\n;|&]/);
  return cut === -1 ? s : s.slice(0, cut);
}
