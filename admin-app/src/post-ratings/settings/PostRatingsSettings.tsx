/**
 * /settings: the post-ratings settings, their defaults and the icon list from GET
 * post-ratings/settings, then the form.
 */
import { useQuery } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { LoadingState, Page, QueryError } from '../../shared/components';
import { useConfig } from '../../shared/context';
import { fetchRatingSettings, postRatingsKeys } from '../api';
import { SettingsForm } from './SettingsForm';

export function PostRatingsSettings() {
	const config = useConfig();
	const settings = useQuery( {
		queryKey: postRatingsKeys.settings,
		queryFn: fetchRatingSettings,
		// The form copies the values once: a background refetch must not reset it.
		staleTime: Infinity,
	} );
	const title = __( 'Post Ratings Settings', 'userfeedback' );

	if ( settings.isError ) {
		return (
			<Page title={ title }>
				<QueryError
					error={ settings.error }
					onRetry={ () => settings.refetch() }
				/>
			</Page>
		);
	}
	if ( ! settings.data ) {
		return (
			<Page title={ title }>
				<LoadingState
					label={ __( 'Loading settings…', 'userfeedback' ) }
				/>
			</Page>
		);
	}
	return (
		<Page title={ title }>
			<SettingsForm
				initial={ settings.data }
				readOnly={ ! config.user.capabilities.manage_settings }
			/>
		</Page>
	);
}
