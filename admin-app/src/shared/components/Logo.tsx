/** The UserFeedback mark: a speech bubble with a check. Decorative; the title carries the name. */
export function Logo() {
	return (
		<svg
			className="userfeedback-logo"
			width="32"
			height="32"
			viewBox="0 0 32 32"
			aria-hidden="true"
			focusable="false"
		>
			<path
				fill="#2d87f1"
				d="M6 3h20a3 3 0 0 1 3 3v15a3 3 0 0 1-3 3H13l-6.3 5.04A1 1 0 0 1 5 28.26V24H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Z"
			/>
			<path
				fill="none"
				stroke="#fff"
				strokeWidth="2.6"
				strokeLinecap="round"
				strokeLinejoin="round"
				d="m10 13.5 4 4 8-8"
			/>
		</svg>
	);
}
