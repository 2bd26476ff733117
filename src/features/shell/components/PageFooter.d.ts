/**
 * The footer of every H5 page (doc2 §2 "Other"): the copyright and a real link to the privacy
 * policy. Nothing in the mini-program, whose console pages end with the bottom bar (the footer's
 * link would sit under it); WeChat lists a mini-program's privacy policy in its own menu.
 */
export declare function PageFooter(): JSX.Element | null
