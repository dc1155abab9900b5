/** The program version; `apispec version` prints it and agent skills are stamped with it. */
export const VERSION = "0.1.0";
