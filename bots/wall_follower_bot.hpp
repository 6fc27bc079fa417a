#pragma once

#include "bots/bot.hpp"

namespace ariadne {

// The hand-on-the-wall rule: keep the left (or right) hand on a wall, that is,
// at each cell try to turn left, else go straight, else right, else back. In a
// perfect maze it visits every cell; with loops it can circle an island forever
// and never reach a treasure that is not on the walls its hand touches. It
// notices circling (the same cell with the same heading twice) and abandons
// instead of running to max_steps.
class wall_follower_bot : public bot {
 public:
  explicit wall_follower_bot(bool left_hand = true) : left_hand_(left_hand) {}
  std::string_view name() const override {
    return left_hand_ ? "wall_follower" : "wall_follower_right";
  }
  void play(drone& d) override;

 private:
  bool left_hand_;
};

}  // namespace ariadne
