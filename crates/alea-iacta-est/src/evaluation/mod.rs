//! The evaluation of the buildings at the end of a round, in the rulebook's order: I Templum,
//! II Senatus, III Castrum, IV Forum, V Latrina. Each building's module holds its automatic
//! steps and the effects of the decisions asked there.

mod castrum;
mod forum;
mod latrina;
mod senate;
mod templum;
