/**
 * Where the widget's and post ratings' fonts come from: the plugin's own files (the
 * default: visitors' browsers connect to no one but the site) or, as an explicit
 * opt-in, Google Fonts (the external_fonts setting, includes/Frontend/Fonts.php).
 */
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function FontSource( {
	checked,
	onChange,
}: {
	checked: boolean;
	onChange: ( checked: boolean ) => void;
} ) {
	return (
		<div className="userfeedback-card">
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Load fonts from Google Fonts', 'userfeedback' ) }
				help={
					checked
						? __(
								'Visitors’ browsers then connect to Google’s servers, which see their IP address. Mention it in your privacy policy, or turn this off to serve the fonts from this site.',
								'userfeedback'
							)
						: __(
								'Off: the fonts are served from this site, and visitors’ browsers connect to no one else for them. On: visitors’ browsers then connect to Google’s servers, which see their IP address.',
								'userfeedback'
							)
				}
				checked={ checked }
				onChange={ onChange }
			/>
		</div>
	);
}
