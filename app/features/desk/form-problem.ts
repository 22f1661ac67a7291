export type { FormProblem } from "../../../server/desk/desk-forms.server";
