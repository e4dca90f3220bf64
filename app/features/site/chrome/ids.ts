/** Ids shared by the chrome's markup (../components) and its script (./index.ts). */

/** The side menu's <dialog>, named by the header's menu button. */
export const SIDE_MENU_ID = "site-menu";

/** The enquiry <dialog>, named by the buttons that open it. */
export const ENQUIRY_DIALOG_ID = "enquiry-dialog";
