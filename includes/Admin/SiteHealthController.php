<?php
/**
 * The REST route behind Site Health's async UserFeedback tests (has_rest: the Status screen fetches
 * it with the REST nonce and shows what it answers): GET /site-health/ai-provider.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;

defined( 'ABSPATH' ) || exit;

final class SiteHealthController extends Controller {

	public const AI_PATH = '/site-health/ai-provider';

	public function __construct( private readonly AiProviderCheck $ai ) {}

	public function register_routes(): void {
		$this->route(
			self::AI_PATH,
			array(
				array(
					'methods'    => 'GET',
					// Who may change the provider may see whether it answers.
					'permission' => Capabilities::MANAGE_SETTINGS,
					'callback'   => fn(): array => $this->ai->run(),
				),
			),
			static fn(): array => self::schema()
		);
	}

	/**
	 * A Site Health test result, as core's Status screen reads it.
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return Shape::resource(
			'userfeedback-site-health-result',
			array(
				'test'        => Shape::string( 'Test name.' ),
				'label'       => Shape::string( 'Headline.' ),
				'status'      => Shape::enum( array( 'good', 'recommended', 'critical' ), 'Outcome.' ),
				'badge'       => Shape::object(
					array(
						'label' => Shape::string( 'Badge text.' ),
						'color' => Shape::string( 'Badge colour.' ),
					)
				),
				'description' => Shape::string( 'HTML.' ),
				'actions'     => Shape::string( 'HTML links.' ),
				'message'     => Shape::string( 'The description as plain text (the AI provider test; Settings > AI Summaries shows it).' ),
			),
			'One Site Health test result.'
		);
	}
}
