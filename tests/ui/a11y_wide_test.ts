/**
 * axe-core over every view at 1280 px, light and dark: no serious or
 * critical violation, headings in order, one h1 per page.
 */
import { a11yTest } from "../helpers/a11y.ts";

a11yTest(1280);
