//===- ReqdSubGroupSizeAttr.cpp - SYCL's sub-group size attributes --------===//
//
// A clang plugin (loaded with -fplugin=SublaneClangPlugin.so; the wrapper and
// the CMake package load it) that gives clang SYCL's kernel attributes
//   [[sycl::reqd_sub_group_size(N)]]  and  [[intel::reqd_sub_group_size(N)]]
// on a kernel functor's operator(), a free kernel function, or a lambda,
// before or after its parameters. Clang outside SYCL mode knows neither: the
// plugin turns each into the annotation "sublane.reqd_sub_group_size=N",
// which sublane-prepare reads as the kernel's requested sub-group size. A
// size that depends on a template parameter becomes an annotation with the
// size as its argument, which clang instantiates with the template.
//
// After a lambda's parameters, where the SYCL 2020 specification's examples
// put it, the attribute appertains to the call operator's type, and clang 19
// gives plugins no type attributes: it reports "cannot be applied to types"
// and drops the attribute. The plugin's diagnostic consumer takes that
// report when the size is a literal, a macro for one or a name, undoes the
// error, and remembers the size and place; its AST consumer then annotates
// the call operator of the lambda whose parameters the place follows, before
// code generation sees it, resolving a name as an enclosing template's
// parameter or a constant in scope. An expression there stays an error,
// with a note on how to write it instead.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

using namespace clang;

namespace {

// Clang 19 asks whether a [[scope::name]] attribute exists by its bare name
// before it parses the arguments: the bare spelling makes it parse them.
constexpr ParsedAttrInfo::Spelling ReqdSubGroupSizeSpellings[] = {
    {ParsedAttr::AS_CXX11, "sycl::reqd_sub_group_size"},
    {ParsedAttr::AS_CXX11, "intel::reqd_sub_group_size"},
    {ParsedAttr::AS_CXX11, "reqd_sub_group_size"}};

/// The attribute's argument as an expression. Clang parses a lone
/// identifier in a plugin attribute's parentheses as a bare name, not an
/// expression ('reqd_sub_group_size(SgSize)' with a constexpr variable or a
/// template parameter), so the name is looked up here as an id-expression
/// would be.
Expr *getSizeArgument(Sema &S, const ParsedAttr &Attr) {
  if (Attr.getNumArgs() != 1)
    return nullptr;
  if (Attr.isArgExpr(0))
    return Attr.getArgAsExpr(0);
  IdentifierLoc *Name = Attr.getArgAsIdent(0);
  if (!Name || !Name->Ident)
    return nullptr;
  CXXScopeSpec Qualifier;
  UnqualifiedId Id;
  Id.setIdentifier(Name->Ident, Name->Loc);
  ExprResult E = S.ActOnIdExpression(S.getCurScope(), Qualifier,
                                     /*TemplateKWLoc=*/SourceLocation(), Id,
                                     /*HasTrailingLParen=*/false,
                                     /*IsAddressOfOperand=*/false);
  return E.isUsable() ? E.get() : nullptr;
}

bool isValidSize(int64_t N) {
  return N == 1 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64;
}

std::string getAnnotation(int64_t Size) {
  return "sublane.reqd_sub_group_size=" + std::to_string(Size);
}

struct ReqdSubGroupSizeAttrInfo : public ParsedAttrInfo {
  ReqdSubGroupSizeAttrInfo() {
    // Clang counts a plugin attribute's arguments itself only up to OptArgs;
    // the handler insists on exactly one.
    OptArgs = 1;
    Spellings = ReqdSubGroupSizeSpellings;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    Expr *Arg = getSizeArgument(S, Attr);
    if (Arg && Arg->isValueDependent()) {
      // A template's size is known only once it is instantiated; clang
      // instantiates an annotation's arguments, and sublane-prepare checks
      // the value it gets.
      Expr *Args[] = {Arg};
      D->addAttr(AnnotateAttr::Create(S.Context, "sublane.reqd_sub_group_size",
                                      Args, 1, Attr.getRange()));
      return AttributeApplied;
    }
    std::optional<llvm::APSInt> Size =
        Arg ? Arg->getIntegerConstantExpr(S.Context) : std::nullopt;
    if (!Size || !isValidSize(Size->getExtValue())) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "'reqd_sub_group_size' takes a constant sub-group size: 1, 4, 8, "
          "16, 32 or 64");
      S.Diag(Attr.getLoc(), ID);
      return AttributeNotApplied;
    }
    D->addAttr(AnnotateAttr::Create(S.Context,
                                    getAnnotation(Size->getExtValue()), nullptr,
                                    0, Attr.getRange()));
    return AttributeApplied;
  }
};

/// Sizes written after a lambda's parameters, where clang dropped them: the
/// attribute's place and the size, until a lambda claims them.
struct TypePositionSizes {
  struct Size {
    SourceLocation Loc;
    /// The size, or the name that gives it (a template parameter or a
    /// constant), resolved once the lambda is complete.
    std::optional<int64_t> Literal;
    std::string Name;
  };
  SmallVector<Size> Pending;
};

/// An integer literal with an optional suffix, all of \p Text.
std::optional<uint64_t> parseIntegerLiteral(StringRef Text) {
  uint64_t Value;
  if (Text.consumeInteger(0, Value))
    return std::nullopt;
  Text = Text.ltrim("uUlLzZ");
  if (!Text.empty())
    return std::nullopt;
  return Value;
}

/// The size of a reqd_sub_group_size whose spelling starts at \p Text, if it
/// is a literal or an object-like macro that is one
/// ("sycl::reqd_sub_group_size ( 16 )", "intel::reqd_sub_group_size(SG)"),
/// or the name that gives it ("reqd_sub_group_size(Size)").
std::optional<TypePositionSizes::Size>
parseSizeArgument(StringRef Text, const Preprocessor &PP) {
  for (StringRef Scope : {"sycl::", "intel::", ""})
    if (Text.consume_front((Scope + "reqd_sub_group_size").str()))
      break;
  Text = Text.ltrim();
  if (!Text.consume_front("("))
    return std::nullopt;
  size_t Close = Text.find(')');
  if (Close == StringRef::npos)
    return std::nullopt;
  StringRef Arg = Text.take_front(Close).trim();
  auto IsName = [](StringRef A) {
    return !A.empty() && (isalpha(A.front()) || A.front() == '_') &&
           llvm::all_of(A, [](char C) { return isalnum(C) || C == '_'; });
  };
  // A macro that stands for a literal, through a few levels of macros.
  for (unsigned Depth = 0; Depth < 4 && IsName(Arg); ++Depth) {
    const IdentifierInfo *Name = PP.getIdentifierInfo(Arg);
    if (!Name || !Name->hasMacroDefinition())
      return TypePositionSizes::Size{{}, std::nullopt, Arg.str()};
    const MacroInfo *Macro = PP.getMacroInfo(Name);
    if (!Macro || !Macro->isObjectLike() || Macro->getNumTokens() != 1)
      return std::nullopt;
    const Token &T = Macro->getReplacementToken(0);
    if (!T.is(tok::numeric_constant) && !T.is(tok::identifier))
      return std::nullopt;
    Arg = T.is(tok::identifier) ? T.getIdentifierInfo()->getName()
                                : StringRef(T.getLiteralData(), T.getLength());
  }
  std::optional<uint64_t> Size = parseIntegerLiteral(Arg);
  if (!Size || !isValidSize(int64_t(*Size)))
    return std::nullopt;
  return TypePositionSizes::Size{{}, int64_t(*Size), ""};
}

/// Forwards every diagnostic but clang's "cannot be applied to types" for a
/// reqd_sub_group_size with a literal, a macro or a name: that one it undoes
/// and remembers. For one with any other argument it adds a note on where the
/// attribute can go.
class TypePositionAdvisor : public DiagnosticConsumer {
  DiagnosticsEngine &Diags;
  const Preprocessor &PP;
  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
  std::shared_ptr<TypePositionSizes> Sizes;
  bool ErrorSeen = false;

public:
  TypePositionAdvisor(DiagnosticsEngine &Diags, const Preprocessor &PP,
                      DiagnosticConsumer *Next,
                      std::unique_ptr<DiagnosticConsumer> Owned,
                      std::shared_ptr<TypePositionSizes> Sizes)
      : Diags(Diags), PP(PP), Next(Next), Owned(std::move(Owned)),
        Sizes(std::move(Sizes)) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next->EndSourceFile(); }
  void finish() override { Next->finish(); }
  void clear() override { Next->clear(); }
  bool IncludeInDiagnosticCounts() const override {
    return Next->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    std::optional<StringRef> Text = getReqdSubGroupSizeText(Info);
    if (std::optional<TypePositionSizes::Size> Size =
            Text ? parseSizeArgument(*Text, PP) : std::nullopt) {
      // Undone only as the first error: resetting the engine's counts then
      // leaves it as it was before, but for the count of warnings it prints
      // at the end. After another error the compilation fails anyway.
      if (!ErrorSeen)
        Diags.Reset(/*soft=*/true);
      Size->Loc = Info.getLocation();
      Sizes->Pending.push_back(std::move(*Size));
      return;
    }
    if (Level >= DiagnosticsEngine::Error)
      ErrorSeen = true;
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next->HandleDiagnostic(Level, Info);
    if (!Text)
      return;
    PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    llvm::errs() << P.getFilename() << ":" << P.getLine() << ":"
                 << P.getColumn()
                 << ": note: sublane: after a lambda's parameters the "
                    "attribute takes a literal size, a macro for one or a "
                    "name; for an expression, write it before the "
                    "parameters, as in '[=] [[sycl::reqd_sub_group_size(N)]] "
                    "(sycl::nd_item<1> it) {...}', or pass "
                    "'sycl::ext::oneapi::experimental::properties{sub_group_"
                    "size<N>}' to parallel_for\n";
  }

private:
  /// The attribute's text, if \p Info is clang's refusal of
  /// reqd_sub_group_size in a type's position.
  static std::optional<StringRef>
  getReqdSubGroupSizeText(const Diagnostic &Info) {
    if (Info.getID() != diag::err_attribute_not_type_attr ||
        !Info.hasSourceManager() || Info.getLocation().isInvalid())
      return std::nullopt;
    StringRef Text(
        Info.getSourceManager().getCharacterData(Info.getLocation()));
    if (!Text.starts_with("sycl::reqd_sub_group_size") &&
        !Text.starts_with("intel::reqd_sub_group_size") &&
        !Text.starts_with("reqd_sub_group_size"))
      return std::nullopt;
    return Text;
  }
};

/// Gives each remembered size to the lambda whose parameters it follows,
/// as each top-level declaration is complete and before code generation
/// sees it; warns at the end about sizes no lambda took.
class TypePositionConsumer : public ASTConsumer,
                             public RecursiveASTVisitor<TypePositionConsumer> {
  CompilerInstance &CI;
  std::shared_ptr<TypePositionSizes> Sizes;

public:
  TypePositionConsumer(CompilerInstance &CI,
                       std::shared_ptr<TypePositionSizes> Sizes)
      : CI(CI), Sizes(std::move(Sizes)) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    if (Sizes->Pending.empty())
      return true;
    for (Decl *D : Group)
      TraverseDecl(D);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    CompoundStmt *Body = L->getCompoundStmtBody();
    if (!Body)
      return true;
    const SourceManager &SM = CI.getSourceManager();
    SourceLocation Begin = L->getIntroducerRange().getEnd();
    SourceLocation End = Body->getLBracLoc();
    auto &Pending = Sizes->Pending;
    for (auto *It = Pending.begin(); It != Pending.end(); ++It) {
      if (!SM.isBeforeInTranslationUnit(Begin, It->Loc) ||
          !SM.isBeforeInTranslationUnit(It->Loc, End))
        continue;
      annotate(L->getCallOperator(), *It);
      Pending.erase(It);
      break;
    }
    return true;
  }

  void annotate(CXXMethodDecl *Call, const TypePositionSizes::Size &Size) {
    ASTContext &Ctx = CI.getASTContext();
    SourceRange Range(Size.Loc);
    if (Size.Literal) {
      Call->addAttr(AnnotateAttr::CreateImplicit(
          Ctx, getAnnotation(*Size.Literal), nullptr, 0, Range));
      return;
    }
    // A template parameter of an enclosing template: the annotation takes it
    // as its argument, which clang instantiates with the template.
    if (NonTypeTemplateParmDecl *Param =
            findTemplateParameter(Call, Size.Name)) {
      Expr *Args[] = {DeclRefExpr::Create(
          Ctx, NestedNameSpecifierLoc(), SourceLocation(), Param,
          /*RefersToEnclosingVariableOrCapture=*/false, Size.Loc,
          Param->getType().getNonReferenceType(), VK_PRValue)};
      Call->addAttr(AnnotateAttr::CreateImplicit(
          Ctx, "sublane.reqd_sub_group_size", Args, 1, Range));
      return;
    }
    // A constant in an enclosing scope.
    for (DeclContext *DC = Call->getParent(); DC; DC = DC->getParent())
      for (NamedDecl *D : DC->lookup(&Ctx.Idents.get(Size.Name)))
        if (auto *Var = dyn_cast<VarDecl>(D)) {
          APValue *Value = Var->isUsableInConstantExpressions(Ctx)
                               ? Var->evaluateValue()
                               : nullptr;
          if (Value && Value->isInt() &&
              isValidSize(Value->getInt().getExtValue())) {
            Var->setReferenced();
            Var->markUsed(Ctx);
            Call->addAttr(AnnotateAttr::CreateImplicit(
                Ctx, getAnnotation(Value->getInt().getExtValue()), nullptr, 0,
                Range));
            return;
          }
        }
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    Diags.Report(Size.Loc, Diags.getCustomDiagID(
                               DiagnosticsEngine::Error,
                               "'reqd_sub_group_size' after a lambda's "
                               "parameters takes a literal, a macro for one, "
                               "a template parameter or a constant: 1, 4, 8, "
                               "16, 32 or 64; '%0' is none of these"))
        << Size.Name;
  }

  static NonTypeTemplateParmDecl *findTemplateParameter(Decl *From,
                                                        StringRef Name) {
    for (DeclContext *DC = From->getDeclContext(); DC; DC = DC->getParent()) {
      TemplateParameterList *Params = nullptr;
      if (auto *F = dyn_cast<FunctionDecl>(DC)) {
        if (FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
          Params = T->getTemplateParameters();
      } else if (auto *R = dyn_cast<CXXRecordDecl>(DC)) {
        if (ClassTemplateDecl *T = R->getDescribedClassTemplate())
          Params = T->getTemplateParameters();
        else if (auto *P = dyn_cast<ClassTemplatePartialSpecializationDecl>(R))
          Params = P->getTemplateParameters();
      }
      if (!Params)
        continue;
      for (NamedDecl *P : *Params)
        if (auto *NTTP = dyn_cast<NonTypeTemplateParmDecl>(P))
          if (NTTP->getName() == Name)
            return NTTP;
    }
    return nullptr;
  }

  void HandleTranslationUnit(ASTContext &) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "'reqd_sub_group_size' ignored: in a type's position it applies only "
        "after a lambda's parameters");
    for (const TypePositionSizes::Size &Size : Sizes->Pending)
      Diags.Report(Size.Loc, ID);
    Sizes->Pending.clear();
  }
};

/// Installs the advisor in front of clang's diagnostic printer and the
/// consumer that hands the sizes it keeps to lambdas.
class InstallAdvisor : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    std::unique_ptr<DiagnosticConsumer> Owned =
        Diags.ownsClient() ? Diags.takeClient() : nullptr;
    DiagnosticConsumer *Next = Owned ? Owned.get() : Diags.getClient();
    auto Sizes = std::make_shared<TypePositionSizes>();
    Diags.setClient(new TypePositionAdvisor(Diags, CI.getPreprocessor(), Next,
                                            std::move(Owned), Sizes),
                    /*ShouldOwnClient=*/true);
    return std::make_unique<TypePositionConsumer>(CI, std::move(Sizes));
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static ParsedAttrInfoRegistry::Add<ReqdSubGroupSizeAttrInfo>
    Registration("sublane_reqd_sub_group_size",
                 "SYCL's reqd_sub_group_size for sublane kernels");
static FrontendPluginRegistry::Add<InstallAdvisor>
    AdvisorRegistration("sublane-reqd-sub-group-size-advisor",
                        "explains reqd_sub_group_size after a lambda's "
                        "parameters");
