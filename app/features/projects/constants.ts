/** The projects page, and the rules of a project's name. */
export const PROJECTS_PATH = "/dashboard/projects";
/** A project's name is short: it is a row's title. */
export const PROJECT_NAME_MAX_LENGTH = 80;
/** How many projects the dashboard's card lists before "All projects". */
export const PROJECTS_ON_DASHBOARD = 5;
