/** `/?newProject=1` opens the new-project dialog on home (sign-up lands there). */
export const NEW_PROJECT_PARAM = 'newProject';
