<?php
/**
 * What the post-rating settings read back: defaults under what is stored, a stored value the schema
 * no longer accepts replaced by its default, and a change seen by the same repository at once.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\RatingSettingsRepository;
use UserFeedback\PostRatings\RatingSettingsSchema;

final class RatingSettingsRepositoryTest extends RatingsTestCase {

	public function test_stored_values_over_defaults_and_invalid_ones_fall_back(): void {
		$repository = new RatingSettingsRepository();
		$this->assertSame( RatingSettingsSchema::defaults(), $repository->all() );

		update_option(
			RatingSettingsRepository::OPTION,
			array(
				'icon_id'          => 'no-such-icon',
				'icon_color'       => 'red',
				'rating_question'  => 'Useful?',
				'display_settings' => 'manual',
				'retired_setting'  => 'x',
			)
		);
		$all = $repository->all();
		$this->assertSame( 'star', $all['icon_id'] );
		$this->assertSame( '#1579EF', $all['icon_color'] );
		$this->assertSame( 'Useful?', $all['rating_question'] );
		$this->assertSame( 'manual', $all['display_settings'] );
		$this->assertArrayNotHasKey( 'retired_setting', $all );

		$repository->save( array_merge( $all, array( 'display_settings' => 'after_comments' ) ) );
		$this->assertSame( 'after_comments', $repository->all()['display_settings'], 'A save is read back by the same repository.' );
	}
}
