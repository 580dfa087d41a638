/** The projects' forms, by what they do: the server's actions and the forms that post them read these names. */
export const PROJECT_INTENTS = {
  create: "create-project",
  rename: "rename-project",
  archive: "archive-project",
  restore: "restore-project",
  delete: "delete-project",
} as const;
