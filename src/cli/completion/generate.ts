/** One entry point for every shell's completion script. */
import { VERSION } from "../../version.ts";
import { bashScript } from "./bash.ts";
import { elvishScript } from "./elvish.ts";
import { fishScript } from "./fish.ts";
import { completionModel } from "./model.ts";
import { powershellScript } from "./powershell.ts";
import { zshScript } from "./zsh.ts";

import type { Shell } from "./shells.ts";

const GENERATORS = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  elvish: elvishScript,
  powershell: powershellScript,
} as const;

export function completionScript(shell: Shell, model = completionModel()): string {
  return GENERATORS[shell](model, VERSION);
}
