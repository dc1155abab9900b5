/** The project config of a new collection; importers write it too. */
export function projectFile(name: string): string {
  return `---
name: ${JSON.stringify(name)}
version: 1
default-env: dev
timeout: 5000
retry:
  attempts: 0
  backoff: fixed
auth: none
---
# ${name}

Project configuration for apispec. Endpoint files live in \`apis/<resource>/\`,
flows in \`flows/\`, environments in \`_shared/\`.
`;
}
