// Turns a grammar::syntax_error into an E0001 diagnostic: the position by the rule's anchor,
// the offending word in the message, and a "did you mean" for a misspelt keyword.
#pragma once

#include "diag/diagnostic.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"
#include "source/source.h"

namespace graphc::frontend::text {

void report_syntax_error(const SourceFile& source, FileId file, const TokenEnds& ends, const grammar::syntax_error& e,
                         DiagEngine& diags);

}  // namespace graphc::frontend::text
