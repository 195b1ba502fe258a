/**
 * About Us: what UserFeedback is, who builds it, and the team's other plugins with
 * their install, activate and deactivate buttons.
 */
import { __ } from '@wordpress/i18n';

import { Page } from '../shared/components';
import { PluginCards } from '../shared/components/PluginCard';
import { useConfig } from '../shared/context';
import { aboutPlugins } from './plugins';

export function AboutUs() {
	const config = useConfig();
	return (
		<Page title={ __( 'About Us', 'userfeedback' ) }>
			<div className="userfeedback-about__intro">
				<div>
					<h3>
						{ __(
							'Hello, and thank you for using UserFeedback',
							'userfeedback'
						) }
					</h3>
					<p>
						{ __(
							'UserFeedback lets you ask your visitors short questions while they are on your site, so you learn why they came, what they were looking for and what stopped them, instead of guessing from numbers alone.',
							'userfeedback'
						) }
					</p>
					<p>
						{ __(
							'We built it because the best ideas for a website come from the people who use it. A survey takes a minute to set up, shows up at the right moment, and the answers arrive in your dashboard and your inbox.',
							'userfeedback'
						) }
					</p>
				</div>
				<section
					className="userfeedback-about__team"
					aria-labelledby="userfeedback-about-team"
				>
					<img
						src={ `${ config.urls.plugin }assets/about/team.svg` }
						alt=""
						width={ 240 }
						height={ 120 }
					/>
					<h3 id="userfeedback-about-team">
						{ __( 'The UserFeedback team', 'userfeedback' ) }
					</h3>
					<p>
						{ __(
							'We are a small team of WordPress developers, designers and support people who also make tools for analytics, forms, SEO and marketing used on millions of sites. We read every review and support request, and many features started there.',
							'userfeedback'
						) }
					</p>
				</section>
			</div>
			<section
				className="userfeedback-about__plugins"
				aria-labelledby="userfeedback-about-plugins"
			>
				<h3 id="userfeedback-about-plugins">
					{ __( 'Our other plugins', 'userfeedback' ) }
				</h3>
				<PluginCards
					plugins={ aboutPlugins() }
					className="userfeedback-about__grid"
				/>
			</section>
		</Page>
	);
}
