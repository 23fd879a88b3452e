// Placeholder: replaced by the issue that builds this target.
