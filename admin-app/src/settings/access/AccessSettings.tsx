/**
 * Settings > Access: which roles may create and edit surveys, view results and
 * responses, and delete them. Roles come from the site (GET roles); roles that can
 * manage options always hold every capability, so they show chosen and locked.
 * Pro only: without the access_control feature the form is disabled under an
 * upgrade overlay (the server refuses role changes too).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { queryKeys } from '../../shared/query';
import { apiGet } from '../../shared/api';
import { LoadingState, QueryError } from '../../shared/components';
import {
	MultiSelect,
	type MultiSelectOption,
} from '../../shared/components/MultiSelect';
import { useFeature } from '../../shared/gating';
import { useSaveSettings } from '../../shared/settings';
import type { Settings } from '../../shared/types';
import { SaveSettingsButton, SettingsScreen } from '../MiscSettings';
import './access.scss';

/** One role of the site, as GET userfeedback/v1/roles answers it. */
export interface SiteRole {
	key: string;
	name: string;
	/** The role can manage options: always on every list. */
	forced: boolean;
}

type AccessKey = 'create_edit_surveys' | 'view_results' | 'delete_surveys';
type AccessValues = Pick< Settings, AccessKey >;

export const rolesQueryKey = queryKeys.roles;

function useRoles() {
	return useQuery( {
		queryKey: rolesQueryKey,
		queryFn: () => apiGet< SiteRole[] >( 'roles' ),
		staleTime: Infinity,
	} );
}

function fields(): Array< { key: AccessKey; label: string; help: string } > {
	return [
		{
			key: 'create_edit_surveys',
			label: __( 'Create and edit surveys', 'userfeedback' ),
			help: __(
				'Users with these roles can create, edit and publish surveys.',
				'userfeedback'
			),
		},
		{
			key: 'view_results',
			label: __( 'View results and responses', 'userfeedback' ),
			help: __(
				'Users with these roles can see survey results and individual responses.',
				'userfeedback'
			),
		},
		{
			key: 'delete_surveys',
			label: __( 'Delete surveys and responses', 'userfeedback' ),
			help: __(
				'Users with these roles can delete surveys and responses.',
				'userfeedback'
			),
		},
	];
}

export function AccessSettings() {
	const title = __( 'Access Control', 'userfeedback' );
	const roles = useRoles();
	return (
		<SettingsScreen title={ title }>
			{ ( settings ) => {
				if ( roles.isPending ) {
					return (
						<LoadingState
							label={ __( 'Loading roles…', 'userfeedback' ) }
						/>
					);
				}
				if ( roles.isError ) {
					return (
						<QueryError
							error={ roles.error }
							onRetry={ () => roles.refetch() }
						/>
					);
				}
				return (
					<AccessForm settings={ settings } roles={ roles.data } />
				);
			} }
		</SettingsScreen>
	);
}

/**
 * The lists as the form holds them: forced roles first chosen, then the saved ones
 * the site still has (a role deleted since is dropped).
 *
 * @param settings The settings.
 * @param roles    The site's roles.
 */
function initialValues( settings: Settings, roles: SiteRole[] ): AccessValues {
	const known = new Set( roles.map( ( role ) => role.key ) );
	const forced = roles
		.filter( ( role ) => role.forced )
		.map( ( r ) => r.key );
	const pick = ( key: AccessKey ) => [
		...forced,
		...( settings[ key ] ?? [] ).filter(
			( role ) => known.has( role ) && ! forced.includes( role )
		),
	];
	return {
		create_edit_surveys: pick( 'create_edit_surveys' ),
		view_results: pick( 'view_results' ),
		delete_surveys: pick( 'delete_surveys' ),
	};
}

function AccessForm( {
	settings,
	roles,
}: {
	settings: Settings;
	roles: SiteRole[];
} ) {
	const gate = useFeature( 'access_control' );
	const [ values, setValues ] = useState( () =>
		initialValues( settings, roles )
	);
	const save = useSaveSettings();

	const options: MultiSelectOption[] = roles.map( ( role ) => ( {
		id: role.key,
		label: role.name,
	} ) );
	const byKey = new Map( options.map( ( option ) => [ option.id, option ] ) );
	const locked = roles
		.filter( ( role ) => role.forced )
		.map( ( r ) => r.key );

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		if ( ! gate.allowed ) {
			gate.guard( 'settings-access' );
			return;
		}
		save.mutate( values );
	};

	return (
		<div
			className={
				'userfeedback-access' + ( gate.allowed ? '' : ' is-locked' )
			}
		>
			<form
				className="userfeedback-form"
				onSubmit={ onSubmit }
				aria-disabled={ gate.allowed ? undefined : true }
			>
				<div className="userfeedback-card">
					<p className="userfeedback-card__help">
						{ __(
							'Choose which user roles can use UserFeedback. Roles that can manage the site’s options always have full access.',
							'userfeedback'
						) }
					</p>
					{ fields().map( ( field ) => (
						<div
							key={ field.key }
							className="userfeedback-access__field"
						>
							<MultiSelect
								label={ field.label }
								help={ field.help }
								options={ options }
								locked={ locked }
								disabled={ ! gate.allowed }
								error={ save.fieldErrors[ field.key ] }
								placeholder={ __(
									'Select roles',
									'userfeedback'
								) }
								value={ values[ field.key ].map(
									( key ) =>
										byKey.get( key ) ?? {
											id: key,
											label: key,
										}
								) }
								onChange={ ( chosen ) => {
									const keys = chosen.map( ( option ) =>
										String( option.id )
									);
									setValues( ( current ) => ( {
										...current,
										// Forced roles cannot leave a list.
										[ field.key ]: [
											...locked.filter(
												( key ) =>
													! keys.includes( key )
											),
											...keys,
										],
									} ) );
								} }
							/>
						</div>
					) ) }
				</div>
				{ gate.allowed && (
					<SaveSettingsButton busy={ save.isPending } />
				) }
			</form>
			{ ! gate.allowed && (
				<div className="userfeedback-access__overlay">
					<div className="userfeedback-access__overlay-box">
						<h3>
							{ __(
								'Access Control is a Pro feature',
								'userfeedback'
							) }
						</h3>
						<p>
							{ __(
								'Upgrade to choose which user roles can build surveys, see results and delete responses.',
								'userfeedback'
							) }
						</p>
						<Button
							variant="primary"
							onClick={ () => gate.guard( 'settings-access' ) }
						>
							{ __( 'Upgrade to Pro', 'userfeedback' ) }
						</Button>
					</div>
				</div>
			) }
		</div>
	);
}
