/** The shells `apispec completion` writes scripts for (a separate module so the command table loads no generator). */
export const SHELLS = ["bash", "zsh", "fish", "elvish", "powershell"] as const;
export type Shell = typeof SHELLS[number];
