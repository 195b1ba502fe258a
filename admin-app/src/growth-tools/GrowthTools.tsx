/**
 * Growth Tools: a tab bar whose buttons scroll to their sections (Featured, Traffic,
 * Engagement, Revenue, Guides & Resources). Plugins come with their install or
 * activate button, guides are outside links; the featured item depends on the
 * edition and licence.
 */
import { useRef, useState } from 'react';
import { Button, ExternalLink, VisuallyHidden } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { Page } from '../shared/components';
import { PluginCards } from '../shared/components/PluginCard';
import { useConfig } from '../shared/context';
import { upgradeUrl } from '../shared/upgrade';
import {
	featuredFor,
	guides,
	MONSTERINSIGHTS_PRO_URL,
	SECTION_KEYS,
	sectionPlugins,
	sectionTitle,
	type SectionKey,
} from './catalogue';

function Featured() {
	const config = useConfig();
	const kind = featuredFor( config.entitlements );
	let item: { title: string; text: string; label: string; url: string };
	switch ( kind ) {
		case 'userfeedback-pro':
			item = {
				title: __( 'Upgrade to UserFeedback Pro', 'userfeedback' ),
				text: __(
					'Every question type, page, device and behavior targeting, scheduling, exports and more. Lite users get 50% off, applied at checkout.',
					'userfeedback'
				),
				label: __( 'Upgrade to Pro', 'userfeedback' ),
				url: upgradeUrl(
					{ medium: 'growth-tools', campaign: 'featured-pro' },
					config
				),
			};
			break;
		case 'elite':
			item = {
				title: __( 'Upgrade to UserFeedback Elite', 'userfeedback' ),
				text: __(
					'Add heatmaps, geo restrictions, post ratings and AI summaries of your responses to what you already have.',
					'userfeedback'
				),
				label: __( 'Upgrade to Elite', 'userfeedback' ),
				url: upgradeUrl(
					{ medium: 'growth-tools', campaign: 'featured-elite' },
					config
				),
			};
			break;
		case 'monsterinsights-pro':
			item = {
				title: __( 'MonsterInsights Pro', 'userfeedback' ),
				text: __(
					'See which pages, campaigns and products bring results, with reports right in your WordPress dashboard.',
					'userfeedback'
				),
				label: __( 'Get MonsterInsights Pro', 'userfeedback' ),
				url: MONSTERINSIGHTS_PRO_URL,
			};
			break;
	}
	return (
		<div className="userfeedback-growth__featured">
			<h4>{ item.title }</h4>
			<p>{ item.text }</p>
			<Button
				variant="primary"
				href={ item.url }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ item.label }
				<VisuallyHidden as="span">
					{
						/* translators: accessibility text. */
						__( '(opens in a new tab)', 'userfeedback' )
					}
				</VisuallyHidden>
			</Button>
		</div>
	);
}

function SectionContent( { section }: { section: SectionKey } ) {
	if ( section === 'featured' ) {
		return <Featured />;
	}
	if ( section === 'guides' ) {
		return (
			<ul className="userfeedback-growth__guides">
				{ guides().map( ( guide ) => (
					<li key={ guide.url }>
						<ExternalLink href={ guide.url }>
							{ guide.title }
						</ExternalLink>
						<p>{ guide.description }</p>
					</li>
				) ) }
			</ul>
		);
	}
	return (
		<PluginCards
			plugins={ sectionPlugins()[ section ] }
			layout="row"
			className="userfeedback-growth__list"
		/>
	);
}

export function GrowthTools() {
	const [ active, setActive ] = useState< SectionKey >( 'featured' );
	const sections = useRef< Partial< Record< SectionKey, HTMLElement > > >(
		{}
	);

	const show = ( key: SectionKey ) => {
		setActive( key );
		sections.current[ key ]?.scrollIntoView( {
			behavior: 'smooth',
			block: 'start',
		} );
	};

	return (
		<Page title={ __( 'Growth Tools', 'userfeedback' ) }>
			<nav
				className="nav-tab-wrapper userfeedback-tabs userfeedback-growth__tabs"
				aria-label={ __( 'Growth Tools sections', 'userfeedback' ) }
			>
				{ SECTION_KEYS.map( ( key ) => (
					<button
						key={ key }
						type="button"
						className={
							key === active
								? 'nav-tab nav-tab-active'
								: 'nav-tab'
						}
						aria-current={ key === active ? 'true' : undefined }
						onClick={ () => show( key ) }
					>
						{ sectionTitle( key ) }
					</button>
				) ) }
			</nav>
			{ SECTION_KEYS.map( ( key ) => (
				<section
					key={ key }
					ref={ ( element ) => {
						if ( element ) {
							sections.current[ key ] = element;
						}
					} }
					className="userfeedback-growth__section"
					aria-labelledby={ `userfeedback-growth-${ key }` }
				>
					<h3 id={ `userfeedback-growth-${ key }` }>
						{ sectionTitle( key ) }
					</h3>
					<SectionContent section={ key } />
				</section>
			) ) }
		</Page>
	);
}
