import { dashboardSection } from "~/lib/dashboard-section";
import type { ProjectsData } from "./projects";

/** The Projects card's data (the active team's); the data export keeps this key, with every team's. */
export const projectsSection = dashboardSection<ProjectsData>("projects");
