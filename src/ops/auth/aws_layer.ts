/**
 * The standard `AWS_*` environment variables as the lowest variable layer
 * of an `aws-sigv4` endpoint: `{{awsAccessKeyId}}` and the others are filled
 * from them when nothing else defines them.
 */
import { AWS_VARIABLES } from "../../engine/auth/plan.ts";
import type { VarLayer } from "../../engine/resolve/layers.ts";

export function awsLayer(env: Record<string, string>): VarLayer {
  const vars: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const [name, osName] of Object.entries(AWS_VARIABLES)) {
    if (env[osName] === undefined) continue;
    vars[name] = env[osName];
    labels[name] = osName;
  }
  return { name: "os", label: "AWS environment", vars, labels };
}
