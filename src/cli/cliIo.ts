/** What the CLIs need from the outside world, so tests can run them in-process. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): Promise<string>;
  readStdin(): Promise<string>;
  /** schemas/ directory. */
  schemasDir: string;
}
