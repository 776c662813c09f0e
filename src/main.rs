use std::process::ExitCode;

fn main() -> ExitCode {
    tsr::cli::main()
}
