// Minimal flag parsing for the editor scripts (`--name value`, `--flag`).
export function flag(name: string, argv = process.argv.slice(2)): boolean {
  return argv.includes(`--${name}`);
}

export function option(name: string, argv = process.argv.slice(2)): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

export function seconds(name: string, fallback: number): number {
  const raw = option(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number of seconds`);
  return n * 1000;
}
